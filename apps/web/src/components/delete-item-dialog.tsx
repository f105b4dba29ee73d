import { ConfirmDialog } from '@/components/confirm-dialog';
import { TrashButton } from '@/components/trash-button';
import { errorMessage } from '@/lib/api-client';
import { ERROR_TEXTS } from '@/lib/error-texts';

/**
 * What deleting a named row of each kind says: the confirmation, the notices. One table, so the
 * kinds read alike and a new one is a row here; the test ids follow the kind (`delete-<kind>`).
 */
const DELETE_TEXTS = {
  media: {
    title: 'Delete media',
    description:
      'The file, and every segment and embed made from it, will be deleted. This cannot be undone.',
    notice: (name: string) => ({
      title: 'Media deleted',
      description: `"${name}" was removed from your library.`,
    }),
    failure: (error: unknown) => errorMessage(error, 'Failed to delete the media file'),
  },
  trigger: {
    title: 'Delete trigger',
    description: ERROR_TEXTS.deleteConfirm,
    notice: (name: string) => ({
      title: 'Trigger deleted successfully',
      description: `"${name}" was removed.`,
    }),
    failure: () => ERROR_TEXTS.deleteTriggerFailed,
  },
} as const;

export type DeletableKind = keyof typeof DELETE_TEXTS;

/** A named row's delete: the icon-only trash button and a plain "Delete" confirmation. */
export function DeleteItemDialog({
  kind,
  name,
  action,
}: {
  kind: DeletableKind;
  /** The item's name, in the icon button's label, the confirmation's subject box and the notice. */
  name: string;
  /** The delete call, e.g. a mutation's mutateAsync. */
  action: () => Promise<unknown>;
}) {
  const texts = DELETE_TEXTS[kind];
  return (
    <ConfirmDialog
      trigger={
        <TrashButton
          size="icon-sm"
          aria-label={`Delete ${name}`}
          title="Delete"
          data-testid={`delete-${kind}`}
        />
      }
      title={texts.title}
      description={texts.description}
      subject={<span className="font-medium">{name}</span>}
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      action={action}
      successNotice={texts.notice(name)}
      failureMessage={texts.failure}
      testId={`delete-${kind}-dialog`}
    />
  );
}
