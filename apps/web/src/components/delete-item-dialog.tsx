import { ConfirmDialog, type ConfirmDialogProps } from '@/components/confirm-dialog';
import { TrashButton } from '@/components/trash-button';

export type DeleteItemDialogProps = Omit<
  ConfirmDialogProps,
  'trigger' | 'subject' | 'confirmLabel' | 'pendingLabel' | 'children'
> & {
  /** The item's name, in the icon button's label and the confirmation's subject box. */
  name: string;
  triggerTestId: string;
};

/** A named row's delete: the icon-only trash button and a plain "Delete" confirmation. */
export function DeleteItemDialog({ name, triggerTestId, ...confirm }: DeleteItemDialogProps) {
  return (
    <ConfirmDialog
      trigger={
        <TrashButton
          size="icon-sm"
          aria-label={`Delete ${name}`}
          title="Delete"
          data-testid={triggerTestId}
        />
      }
      subject={<span className="font-medium">{name}</span>}
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      {...confirm}
    />
  );
}
