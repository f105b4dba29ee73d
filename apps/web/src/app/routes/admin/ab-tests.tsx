import { ArrowLeft, FlaskConical, Plus, Users } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAbTests } from '@/features/ab-tests/api/ab-tests';
import { AbTestCard } from '@/features/ab-tests/components/ab-test-card';
import { AbTestForm } from '@/features/ab-tests/components/ab-test-form';
import { UpgradeNotice } from '@/features/ab-tests/components/upgrade-notice';
import { useTeamAccess } from '@/features/teams/hooks/use-team-access';

/** /admin/ab-tests: every A/B test you can see, newest first. */
export function AbTestsRoute() {
  const { data, isPending, isError, error } = useAbTests();
  const { canCreate: canWrite } = useTeamAccess();
  const canCreate = canWrite && data?.planIncludesAbTesting;
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="A/B Tests"
        description="Split listeners between variants of a trigger’s action and keep the one that converts best."
        actions={
          <>
            <Link to="/admin/segments" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
              <Users /> Audience Segments
            </Link>
            {canCreate ? (
              <Link to="/admin/ab-tests/new" className={buttonVariants({})} data-testid="new-ab-test">
                <Plus /> New A/B test
              </Link>
            ) : null}
          </>
        }
      />
      {data && !data.planIncludesAbTesting && canWrite ? <UpgradeNotice /> : null}
      {isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8" label="Loading A/B tests" />
        </div>
      ) : isError ? (
        <Card className="p-8 text-center text-sm text-rose-600">{error.message}</Card>
      ) : data.tests.length === 0 ? (
        <Card className="grid justify-items-center gap-2 p-10 text-center" data-testid="ab-tests-empty">
          <FlaskConical className="size-8 text-indigo-500" />
          <p className="font-medium text-slate-900">No A/B tests yet</p>
          <p className="max-w-md text-sm text-slate-500">
            Pick a campaign, give a trigger two or more actions (another link, reward or payload) and let the
            listeners decide.
          </p>
        </Card>
      ) : (
        <div className="grid gap-3 md:grid-cols-2" data-testid="ab-test-list">
          {data.tests.map((test) => (
            <AbTestCard key={test.id} test={test} />
          ))}
        </div>
      )}
    </div>
  );
}

/** /admin/ab-tests/new[?campaignId=]: the form. */
export function NewAbTestRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const campaignId = Number(params.get('campaignId')) || undefined;
  const { data } = useAbTests();
  return (
    <div className="grid grid-cols-1 gap-6">
      <Link
        to="/admin/ab-tests"
        className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'w-fit' })}
      >
        <ArrowLeft /> Back to A/B Tests
      </Link>
      <PageHeader
        className="mb-0"
        title="New A/B test"
        description="Each listener is assigned one variant and keeps it; results count activations, clicks and goals."
      />
      {data && !data.planIncludesAbTesting ? (
        <UpgradeNotice />
      ) : (
        <AbTestForm initialCampaignId={campaignId} onCreated={(id) => navigate(`/admin/ab-tests/${id}`)} />
      )}
    </div>
  );
}
