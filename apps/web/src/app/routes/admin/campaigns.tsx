import { Headphones, LayoutDashboard, ListChecks, Megaphone, Plus, Sparkles } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PagedListFooter } from '@/components/pager';
import { SearchInput } from '@/components/search-input';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/get-me';
import { useCampaignsPage } from '@/features/campaigns/api/get-campaigns';
import { CampaignCard } from '@/features/campaigns/components/campaign-card';
import { CampaignFeatureCards } from '@/features/campaigns/components/campaign-feature-cards';
import { CampaignFormDialog } from '@/features/campaigns/components/campaign-form-dialog';
import { OwnerFilterSelect } from '@/features/teams/components/owner-fields';
import { useTeamAccess } from '@/features/teams/hooks/use-team-access';
import { useListFilters } from '@/hooks/use-list-filters';

/** SPEC §2.11: the signed-in user's campaigns (never a fixed user id), feature cards and links. */
export function CampaignsRoute() {
  const { data: user } = useUser();
  const navigate = useNavigate();
  const { page, setPage, search, setSearch, settledSearch, owner, setOwner } = useListFilters();
  const { data: current, isPending, isError, error } = useCampaignsPage(user?.id, page, settledSearch, owner);
  const { canCreate: canWrite } = useTeamAccess();

  const newCampaign = canWrite ? (
    <CampaignFormDialog
      onSaved={(saved) => navigate(`/admin/campaigns/${saved.id}`)}
      trigger={
        <Button data-testid="new-campaign">
          <Plus /> New Campaign
        </Button>
      }
    />
  ) : null;

  return (
    <div className="grid gap-8">
      <PageHeader
        title="Campaigns"
        description="Group triggers into marketing campaigns and follow how they perform."
        actions={
          <>
            <Link to="/admin" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
              <LayoutDashboard /> Dashboard
            </Link>
            <Link to="/admin/manage-triggers" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
              <ListChecks /> Manage Triggers
            </Link>
            <Link to="/admin/create-trigger" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <Plus /> Create Trigger
            </Link>
            {newCampaign}
          </>
        }
      />

      <section>
        <h2 className="mb-4 text-lg font-semibold text-slate-900">Your Campaigns</h2>
        {isPending ? (
          <div className="flex justify-center py-12" data-testid="campaigns-loading">
            <Spinner className="size-8" label="Loading campaigns" />
          </div>
        ) : isError ? (
          <Card className="p-6 text-sm text-red-700">{error.message}</Card>
        ) : current.total === 0 && settledSearch === '' && owner === undefined ? (
          <Card className="flex flex-col items-center gap-3 p-10 text-center" data-testid="campaigns-empty">
            <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
              <Megaphone className="size-6" />
            </span>
            <p className="font-medium text-slate-900">No campaigns yet</p>
            <p className="max-w-sm text-sm text-slate-500">
              Create a campaign, then add triggers to it to see their activations together.
            </p>
            {newCampaign}
          </Card>
        ) : (
          <div className="grid gap-4">
            <div className="flex flex-col gap-2 sm:flex-row">
              <SearchInput
                label="Search campaigns"
                value={search}
                onChange={setSearch}
                testId="campaign-search"
                className="max-w-sm flex-1"
              />
              <OwnerFilterSelect value={owner} onChange={setOwner} />
            </div>
            {current.items.length === 0 ? (
              <p className="text-sm text-slate-500">
                {settledSearch ? `No campaigns match “${settledSearch}”.` : 'No campaigns for this owner.'}
              </p>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {current.items.map((campaign) => (
                  <CampaignCard key={campaign.id} campaign={campaign} />
                ))}
              </div>
            )}
            <PagedListFooter
              list={current}
              noun="campaigns"
              onPageChange={setPage}
              countTestId="campaigns-count"
            />
          </div>
        )}
      </section>

      <section className="grid gap-4">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Sparkles className="size-5 text-indigo-600" /> More for campaigns
        </h2>
        <CampaignFeatureCards />
      </section>

      <p className="flex flex-wrap gap-x-4 gap-y-2 text-sm text-slate-500">
        <Link to="/listener" className="inline-flex items-center gap-1 hover:text-slate-900">
          <Headphones className="size-4" /> Test with the Listener App
        </Link>
        <Link to="/landing" className="hover:text-slate-900">
          Home Page
        </Link>
      </p>
    </div>
  );
}
