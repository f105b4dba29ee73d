import { ERROR_TEXTS, type Trigger } from '@tonemark/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TrashButton } from '@/components/trash-button';
import { useDeleteTrigger } from '../api/delete-trigger';

/** Delete with the confirmation of SPEC §5 and the notices of SPEC §8. */
export function DeleteTriggerDialog({ trigger }: { trigger: Pick<Trigger, 'id' | 'name'> }) {
  const deleteMutation = useDeleteTrigger();

  return (
    <ConfirmDialog
      trigger={
        <TrashButton
          size="icon-sm"
          aria-label={`Delete ${trigger.name}`}
          title="Delete"
          data-testid="delete-trigger"
        />
      }
      title="Delete trigger"
      description={ERROR_TEXTS.deleteConfirm}
      subject={<span className="font-medium">{trigger.name}</span>}
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      action={() => deleteMutation.mutateAsync(trigger.id)}
      successNotice={{ title: 'Trigger deleted successfully', description: `"${trigger.name}" was removed.` }}
      failureMessage={() => ERROR_TEXTS.deleteTriggerFailed}
      testId="delete-trigger-dialog"
    />
  );
}
