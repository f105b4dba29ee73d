import type { Trigger } from '@tonemark/shared';
import { DeleteItemDialog } from '@/components/delete-item-dialog';
import { ERROR_TEXTS } from '@/lib/error-texts';
import { useDeleteTrigger } from '../api/delete-trigger';

/** Delete with the confirmation of SPEC §5 and the notices of SPEC §8. */
export function DeleteTriggerDialog({ trigger }: { trigger: Pick<Trigger, 'id' | 'name'> }) {
  const deleteMutation = useDeleteTrigger();

  return (
    <DeleteItemDialog
      name={trigger.name}
      triggerTestId="delete-trigger"
      title="Delete trigger"
      description={ERROR_TEXTS.deleteConfirm}
      action={() => deleteMutation.mutateAsync(trigger.id)}
      successNotice={{ title: 'Trigger deleted successfully', description: `"${trigger.name}" was removed.` }}
      failureMessage={() => ERROR_TEXTS.deleteTriggerFailed}
      testId="delete-trigger-dialog"
    />
  );
}
