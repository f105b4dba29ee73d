import { Archive, ArrowLeft, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { DetailLoadState } from '@/components/detail-load-state';
import { PageHeader } from '@/components/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CampaignAbTestsPanel } from '@/features/ab-tests/components/campaign-ab-tests-panel';
import { ConversionSnippet } from '@/features/ab-tests/components/conversion-snippet';
import { useCampaign } from '@/features/campaigns/api/get-campaign';
import { useArchiveCampaign } from '@/features/campaigns/api/save-campaign';
import { CampaignActivityChart } from '@/features/campaigns/components/campaign-activity-chart';
import { CampaignFormDialog } from '@/features/campaigns/components/campaign-form-dialog';
import { CampaignStatusBadge } from '@/features/campaigns/components/campaign-status-badge';
import { CampaignTriggersPanel } from '@/features/campaigns/components/campaign-triggers-panel';
import { activationCountLabel } from '@/features/campaigns/lib/activation-count';
import { useTeamAccess } from '@/features/teams/hooks/use-team-access';
import { useRouteId } from '@/hooks/use-route-id';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatCreatedDate } from '@/lib/format-date';

const backLink = (
  <Link
    to="/admin/campaigns"
    className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'w-fit' })}
  >
    <ArrowLeft /> Back to Campaigns
  </Link>
);

const LOAD_TEXTS = {
  loading: 'Loading campaign',
  notFound: 'Campaign not found',
  failed: 'Could not load the campaign',
};

export function CampaignDetailRoute() {
  const query = useCampaign(useRouteId());
  const archive = useArchiveCampaign();
  const access = useTeamAccess();

  if (query.isPending || query.isError) {
    return (
      <DetailLoadState query={query} texts={LOAD_TEXTS} backLink={backLink} testId="campaign-not-found" />
    );
  }
  const { campaign, triggers, activity, totalActivations } = query.data;
  // A team's viewer reads it; only its admins and creators (and the owner of a personal one) change it.
  const readOnly = !access.canWrite(campaign);
  return (
    <div className="grid grid-cols-1 gap-6">
      {backLink}
      <PageHeader
        className="mb-0"
        documentTitle={`${campaign.name} · Campaigns`}
        title={
          <span className="flex flex-wrap items-center gap-3">
            {campaign.name} <CampaignStatusBadge status={campaign.status} />
          </span>
        }
        description={campaign.description || `Created ${formatCreatedDate(campaign.createdAt)}`}
        actions={
          readOnly ? null : (
            <>
              <CampaignFormDialog
                campaign={campaign}
                trigger={
                  <Button variant="outline">
                    <Pencil /> Edit
                  </Button>
                }
              />
              {campaign.status === 'archived' ? null : (
                <Button
                  variant="outline"
                  disabled={archive.isPending}
                  onClick={() =>
                    archive.mutate(campaign.id, {
                      onSuccess: () => toast({ title: 'Campaign archived', description: campaign.name }),
                      onError: (e) =>
                        toast({
                          title: 'Error',
                          description: errorMessage(e, 'Failed to archive'),
                          variant: 'destructive',
                        }),
                    })
                  }
                >
                  <Archive /> Archive
                </Button>
              )}
            </>
          )
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>Activations over time</CardTitle>
          <CardDescription>
            Last 30 days ·{' '}
            <span data-testid="campaign-total-activations">{activationCountLabel(totalActivations)}</span> in
            total
          </CardDescription>
        </CardHeader>
        <CardContent>
          <CampaignActivityChart activity={activity} />
        </CardContent>
      </Card>
      <CampaignTriggersPanel campaign={campaign} triggers={triggers} readOnly={readOnly} />
      <CampaignAbTestsPanel campaignId={campaign.id} readOnly={readOnly} />
      <ConversionSnippet goal={triggers.find((t) => t.conversionGoal)?.conversionGoal} />
    </div>
  );
}
