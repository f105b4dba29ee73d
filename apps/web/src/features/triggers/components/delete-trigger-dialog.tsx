import type { Trigger } from '@tonemark/shared';
import { DeleteItemDialog } from '@/components/delete-item-dialog';
import { useDeleteTrigger } from '../api/delete-trigger';

/** Delete with the confirmation of SPEC §5 and the notices of SPEC §8. */
export function DeleteTriggerDialog({ trigger }: { trigger: Pick<Trigger, 'id' | 'name'> }) {
  const deleteMutation = useDeleteTrigger();
  return (
    <DeleteItemDialog
      kind="trigger"
      name={trigger.name}
      action={() => deleteMutation.mutateAsync(trigger.id)}
    />
  );
}
