import type { ListPage, Trigger } from '@tonemark/shared';
import { ChartColumn, Pencil, Play } from 'lucide-react';
import { Link } from 'react-router';
import { PagedListFooter } from '@/components/pager';
import { TriggerStatusBadge, TriggerTypeBadge } from '@/components/trigger-type-badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { OwnerBadge, useTeamAccess } from '@/features/teams';
import { useIsMobile } from '@/hooks/use-media-query';
import { formatCreatedDate } from '@/lib/format-date';
import { TRIGGER_SIGNAL_INFO } from '@/lib/trigger-signal-info';
import { useTestTrigger } from '../hooks/use-test-trigger';
import { triggerActivationsPath } from '../lib/trigger-links';
import { CopyListeningLinkButton } from './copy-listening-link';
import { DeleteTriggerDialog } from './delete-trigger-dialog';
import { EmptyTriggers } from './empty-triggers';

type TestState = ReturnType<typeof useTestTrigger>;

function RowActions({
  trigger,
  canEdit: roleCanEdit,
  test,
}: {
  trigger: Trigger;
  canEdit: boolean;
  test: TestState;
}) {
  // A team's trigger is changed only by the team's admins and creators (issue 13).
  const access = useTeamAccess();
  const canEdit = roleCanEdit && access.canWrite({ ownerId: trigger.creatorId, teamId: trigger.teamId });
  return (
    <div className="flex items-center justify-end gap-1">
      {canEdit ? (
        <Link
          to={`/edit-trigger/${trigger.id}`}
          aria-label={`Edit ${trigger.name}`}
          title="Edit"
          className={buttonVariants({ variant: 'ghost', size: 'icon-sm', className: 'text-slate-500' })}
          data-testid="edit-trigger"
        >
          <Pencil />
        </Link>
      ) : null}
      <Link
        to={triggerActivationsPath(trigger.id)}
        aria-label={`Activations of ${trigger.name}`}
        title="Activations"
        className={buttonVariants({ variant: 'ghost', size: 'icon-sm', className: 'text-slate-500' })}
        data-testid="trigger-activations"
      >
        <ChartColumn />
      </Link>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={`Test ${trigger.name}`}
        title="Test (simulate)"
        className="text-slate-500 hover:text-indigo-600"
        disabled={test.pendingId === trigger.id}
        onClick={() => test.testTrigger(trigger.id)}
        data-testid="test-trigger"
      >
        <Play />
      </Button>
      <CopyListeningLinkButton triggers={[trigger]} label={trigger.name} compact />
      {canEdit ? <DeleteTriggerDialog trigger={trigger} /> : null}
    </div>
  );
}

/** The name, team badge and description, as the table's first cell and the top of a card. */
function TriggerName({ trigger }: { trigger: Trigger }) {
  return (
    <>
      <div className="flex items-center gap-1.5">
        <span className="truncate font-medium text-slate-900">{trigger.name}</span>
        <OwnerBadge teamId={trigger.teamId} />
      </div>
      {trigger.description ? (
        <div className="truncate text-xs text-slate-500">{trigger.description}</div>
      ) : null}
    </>
  );
}

const COLUMNS = [
  { label: 'Trigger Name', className: 'px-5 py-3' },
  { label: 'Type', className: 'px-3 py-3' },
  { label: 'Created', className: 'px-3 py-3' },
  { label: 'Status', className: 'px-3 py-3' },
  { label: 'Actions', className: 'px-5 py-3 text-right' },
];

/** Below 768 px the table becomes a list of cards with the same fields and actions. */
function TriggerCards({
  triggers,
  canEdit,
  test,
}: {
  triggers: Trigger[];
  canEdit: boolean;
  test: TestState;
}) {
  return (
    <ul className="divide-y divide-slate-100 border-t border-slate-100" data-testid="triggers-table">
      {triggers.map((trigger) => (
        <li key={trigger.id} className="grid gap-2 px-4 py-3" data-testid="trigger-row">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <TriggerName trigger={trigger} />
            </div>
            <TriggerTypeBadge type={trigger.type} />
          </div>
          <div className="flex items-center justify-between gap-2">
            <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
              <TriggerStatusBadge status={trigger.status} />
              <span>{formatCreatedDate(trigger.createdAt)}</span>
              {trigger.signal === 'audible' ? null : <span>{TRIGGER_SIGNAL_INFO[trigger.signal].label}</span>}
            </div>
            <RowActions trigger={trigger} canEdit={canEdit} test={test} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** One page of the server's answer (ListPage), the 'Showing X of Y' line and the pager. */
export function TriggersTable({
  current,
  onPageChange,
  canEdit,
}: {
  current: ListPage<Trigger>;
  onPageChange: (page: number) => void;
  canEdit: boolean;
}) {
  const test = useTestTrigger();
  const isMobile = useIsMobile();

  if (current.total === 0) return <EmptyTriggers canCreate={canEdit} />;

  return (
    <div>
      {isMobile ? (
        <TriggerCards triggers={current.items} canEdit={canEdit} test={test} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[640px] text-left text-sm" data-testid="triggers-table">
            <thead className="border-y border-slate-100 bg-slate-50/70 text-xs font-medium tracking-wide text-slate-500 uppercase">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column.label} scope="col" className={column.className}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {current.items.map((trigger) => (
                <tr
                  key={trigger.id}
                  className="transition-colors hover:bg-slate-50/60"
                  data-testid="trigger-row"
                >
                  <td className="max-w-xs px-5 py-3">
                    <TriggerName trigger={trigger} />
                    <div className="mt-0.5 font-mono text-[11px] text-slate-400">
                      {trigger.frequencyPattern.join(' · ')} Hz
                      {trigger.signal === 'audible'
                        ? ''
                        : ` · ${TRIGGER_SIGNAL_INFO[trigger.signal].label.toLowerCase()}`}
                    </div>
                  </td>
                  <td className="px-3 py-3">
                    <TriggerTypeBadge type={trigger.type} />
                  </td>
                  <td className="px-3 py-3 whitespace-nowrap text-slate-600">
                    {formatCreatedDate(trigger.createdAt)}
                  </td>
                  <td className="px-3 py-3">
                    <TriggerStatusBadge status={trigger.status} />
                  </td>
                  <td className="px-5 py-3">
                    <RowActions trigger={trigger} canEdit={canEdit} test={test} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PagedListFooter
        list={current}
        noun="triggers"
        onPageChange={onPageChange}
        countTestId="triggers-count"
        className="border-t border-slate-100 px-5 py-3"
      />
    </div>
  );
}
