import { FlaskConical, Pencil, Plus, Trash2, Users } from 'lucide-react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useDeleteSegment, usePerformance, useSegments } from '@/features/segments/api/segments';
import { SegmentFormDialog } from '@/features/segments/components/segment-form-dialog';
import { SegmentPerformanceCard } from '@/features/segments/components/segment-performance-card';
import { TargetingCard } from '@/features/segments/components/targeting-card';
import { criteriaSummary } from '@/features/segments/lib/criteria-summary';
import { useTeamAccess } from '@/features/teams/hooks/use-team-access';
import { errorMessage } from '@/lib/api-client';

/** /admin/segments: audience segments, which triggers target them, and how each performs. */
export function SegmentsRoute() {
  const { data, isPending, isError, error } = useSegments();
  const performance = usePerformance();
  const remove = useDeleteSegment();
  const { canCreate: canWrite } = useTeamAccess();
  const segments = data?.segments ?? [];
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Audience Segments"
        description="Aim triggers and A/B variants at listeners by device, browser, local time and language — never by who they are."
        actions={
          <>
            <Link to="/admin/ab-tests" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
              <FlaskConical /> A/B Tests
            </Link>
            {canWrite ? (
              <SegmentFormDialog
                trigger={
                  <Button data-testid="new-segment">
                    <Plus /> New segment
                  </Button>
                }
              />
            ) : null}
          </>
        }
      />
      {isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8" label="Loading segments" />
        </div>
      ) : isError ? (
        <Card className="p-8 text-center text-sm text-rose-600">{error.message}</Card>
      ) : segments.length === 0 ? (
        <Card className="grid justify-items-center gap-2 p-10 text-center" data-testid="segments-empty">
          <Users className="size-8 text-indigo-500" />
          <p className="font-medium text-slate-900">No segments yet</p>
          <p className="max-w-md text-sm text-slate-500">
            For example “Evening phones”: phones, 18:00 to 23:00 in the listener’s own time.
          </p>
        </Card>
      ) : (
        <div className="grid gap-3 md:grid-cols-2" data-testid="segment-list">
          {segments.map((segment) => (
            <Card key={segment.id} className="grid gap-2 p-5" data-testid={`segment-${segment.name}`}>
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{segment.name}</p>
                  {segment.description ? (
                    <p className="text-sm text-slate-500">{segment.description}</p>
                  ) : null}
                </div>
                {canWrite ? (
                  <div className="flex shrink-0 gap-1">
                    <SegmentFormDialog
                      segment={segment}
                      trigger={
                        <Button variant="ghost" size="sm" aria-label={`Edit ${segment.name}`}>
                          <Pencil />
                        </Button>
                      }
                    />
                    <ConfirmDialog
                      title="Delete this segment?"
                      description="Triggers that target it must be changed first; past activations keep their figures."
                      subject={segment.name}
                      confirmLabel="Delete"
                      pendingLabel="Deleting…"
                      action={() => remove.mutateAsync(segment.id)}
                      successNotice={{ title: 'Segment deleted', description: segment.name }}
                      failureMessage={(e) => errorMessage(e, 'Failed to delete the segment')}
                      trigger={
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-rose-600"
                          aria-label={`Delete ${segment.name}`}
                        >
                          <Trash2 />
                        </Button>
                      }
                    />
                  </div>
                ) : null}
              </div>
              <p className="text-sm text-slate-700">{criteriaSummary(segment.criteria)}</p>
              <p className="text-xs text-slate-500">
                {segment.targetedTriggerIds.length === 0
                  ? 'No trigger targets it yet'
                  : `Targeted by ${segment.targetedTriggerIds.length} trigger${segment.targetedTriggerIds.length === 1 ? '' : 's'}`}
              </p>
            </Card>
          ))}
        </div>
      )}
      {data ? <TargetingCard segments={segments} readOnly={!canWrite} /> : null}
      <SegmentPerformanceCard
        rows={performance.data?.segmentPerformance ?? []}
        description="Each activation counts under the segment it matched (a targeted one first, else the first of yours)."
      />
    </div>
  );
}
