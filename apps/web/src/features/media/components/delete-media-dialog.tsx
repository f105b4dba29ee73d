import type { MediaFile } from '@tonemark/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TrashButton } from '@/components/trash-button';
import { errorMessage } from '@/lib/api-client';
import { useDeleteMedia } from '../api/delete-media';

/** Deletes a library item; the server removes the files derived from it with it. */
export function DeleteMediaDialog({ file }: { file: Pick<MediaFile, 'id' | 'title'> }) {
  const deleteMutation = useDeleteMedia();

  return (
    <ConfirmDialog
      trigger={
        <TrashButton
          size="icon-sm"
          aria-label={`Delete ${file.title}`}
          title="Delete"
          data-testid="delete-media"
        />
      }
      title="Delete media"
      description="The file, and every segment and embed made from it, will be deleted. This cannot be undone."
      subject={<span className="font-medium">{file.title}</span>}
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      action={() => deleteMutation.mutateAsync(file.id)}
      successNotice={{
        title: 'Media deleted',
        description: `"${file.title}" was removed from your library.`,
      }}
      failureMessage={(error) => errorMessage(error, 'Failed to delete the media file')}
      testId="delete-media-dialog"
    />
  );
}
