import type { AbTestCommand } from '@tonemark/shared';
import { ArrowLeft, Pause, Play, Square, Trash2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DetailLoadState } from '@/components/detail-load-state';
import { PageHeader } from '@/components/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  useAbTestCommand,
  useAbTestResults,
  useDeclareWinner,
  useDeleteAbTest,
} from '@/features/ab-tests/api/ab-tests';
import { AbTestResultsTable } from '@/features/ab-tests/components/ab-test-results-table';
import { AbTestStatusBadge } from '@/features/ab-tests/components/ab-test-status-badge';
import { ConversionSnippet } from '@/features/ab-tests/components/conversion-snippet';
import { useTeamAccess } from '@/features/teams/hooks/use-team-access';
import { useRouteId } from '@/hooks/use-route-id';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format-number';

const backLink = (
  <Link to="/admin/ab-tests" className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'w-fit' })}>
    <ArrowLeft /> Back to A/B Tests
  </Link>
);

const COMMAND_LABELS: Record<AbTestCommand, string> = { start: 'started', pause: 'paused', end: 'ended' };

const LOAD_TEXTS = {
  loading: 'Loading results',
  notFound: 'A/B test not found',
  failed: 'Could not load the test',
};

/** /admin/ab-tests/:id: the results screen, with start / pause / end and "declare winner". */
export function AbTestDetailRoute() {
  const navigate = useNavigate();
  const results = useAbTestResults(useRouteId());
  const command = useAbTestCommand();
  const declare = useDeclareWinner();
  const remove = useDeleteAbTest();
  const access = useTeamAccess();

  if (results.isPending || results.isError) {
    return (
      <DetailLoadState query={results} texts={LOAD_TEXTS} backLink={backLink} testId="ab-test-not-found" />
    );
  }
  const { data, refetch, isFetching } = results;

  const { test } = data;
  // A team's viewer reads the test; only those who may change its campaign get the buttons.
  const canWrite = access.canWrite(test);
  const run = (cmd: AbTestCommand) =>
    command.mutate(
      { id: test.id, command: cmd },
      {
        onSuccess: () => {
          toast({ title: `Test ${COMMAND_LABELS[cmd]}`, description: test.name, variant: 'success' });
          void refetch();
        },
        onError: (e) =>
          toast({ title: 'Error', description: errorMessage(e, 'Failed'), variant: 'destructive' }),
      },
    );
  const totals = data.variants.reduce(
    (sum, v) => ({
      served: sum.served + v.served,
      activations: sum.activations + v.activations,
      conversions: sum.conversions + v.conversions,
    }),
    { served: 0, activations: 0, conversions: 0 },
  );

  return (
    <div className="grid grid-cols-1 gap-6">
      {backLink}
      <PageHeader
        className="mb-0"
        documentTitle={`${test.name} · A/B Tests`}
        title={
          <span className="flex flex-wrap items-center gap-3">
            {test.name} <AbTestStatusBadge status={test.status} />
          </span>
        }
        description={
          <>
            In{' '}
            <Link className="text-indigo-600 hover:underline" to={`/admin/campaigns/${test.campaignId}`}>
              {test.campaignName}
            </Link>
            {test.description ? ` · ${test.description}` : ''}
          </>
        }
        actions={
          canWrite ? (
            <>
              {test.status === 'draft' || test.status === 'paused' ? (
                <Button onClick={() => run('start')} disabled={command.isPending} data-testid="start-test">
                  <Play /> {test.status === 'draft' ? 'Start test' : 'Resume'}
                </Button>
              ) : null}
              {test.status === 'running' ? (
                <Button variant="outline" onClick={() => run('pause')} disabled={command.isPending}>
                  <Pause /> Pause
                </Button>
              ) : null}
              {test.status !== 'ended' ? (
                <Button variant="outline" onClick={() => run('end')} disabled={command.isPending}>
                  <Square /> End
                </Button>
              ) : null}
              <ConfirmDialog
                title="Delete this A/B test?"
                description="Its variants and results go; the triggers and their activations stay."
                subject={test.name}
                confirmLabel="Delete"
                pendingLabel="Deleting…"
                action={async () => {
                  await remove.mutateAsync(test);
                  navigate('/admin/ab-tests');
                }}
                successNotice={{ title: 'A/B test deleted', description: test.name }}
                failureMessage={(e) => errorMessage(e, 'Failed to delete the test')}
                trigger={
                  <Button variant="ghost" className="text-rose-600">
                    <Trash2 /> Delete
                  </Button>
                }
              />
            </>
          ) : null
        }
      />

      <div className="grid gap-4 sm:grid-cols-3">
        {[
          ['Listeners served', totals.served],
          ['Activations', totals.activations],
          ['Conversions', totals.conversions],
        ].map(([label, value]) => (
          <Card key={label} className="p-5">
            <p className="text-sm text-slate-500">{label}</p>
            <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">
              {formatCount(value as number)}
            </p>
          </Card>
        ))}
      </div>

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div>
            <CardTitle>Results per variant</CardTitle>
            <CardDescription>
              Conversion rate = activations with a tracked click or a reported goal ÷ activations.
            </CardDescription>
          </div>
          <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
            Refresh
          </Button>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          <AbTestResultsTable
            results={data}
            canDeclare={canWrite && !(test.status === 'ended' && test.winnerVariantId !== null)}
            declaring={declare.isPending}
            onDeclare={(variantId) =>
              declare.mutate(
                { id: test.id, variantId },
                {
                  onSuccess: () => {
                    toast({
                      title: 'Winner declared',
                      description: 'The test ended; its trigger keeps the winning action.',
                      variant: 'success',
                    });
                    void refetch();
                  },
                  onError: (e) =>
                    toast({ title: 'Error', description: errorMessage(e, 'Failed'), variant: 'destructive' }),
                },
              )
            }
          />
          <p className="text-xs text-slate-500" data-testid="ab-method">
            Significance: a two-proportion z-test (pooled, two-sided) of each variant against the control, at
            95 % confidence
            {data.comparisons.length > 1 ? ` (α = ${data.alpha.toFixed(4)} each, Bonferroni)` : ''}; rates
            show 95 % Wilson intervals. A result needs at least 5 conversions and 5 non-conversions on each
            side.
          </p>
        </CardContent>
      </Card>

      <ConversionSnippet goal={test.variants.find((v) => v.conversionGoal)?.conversionGoal} />
    </div>
  );
}
