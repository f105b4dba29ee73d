import type { MediaFile } from '@tonemark/shared';
import { DeleteItemDialog } from '@/components/delete-item-dialog';
import { errorMessage } from '@/lib/api-client';
import { useDeleteMedia } from '../api/delete-media';

/** Deletes a library item; the server removes the files derived from it with it. */
export function DeleteMediaDialog({ file }: { file: Pick<MediaFile, 'id' | 'title'> }) {
  const deleteMutation = useDeleteMedia();

  return (
    <DeleteItemDialog
      name={file.title}
      triggerTestId="delete-media"
      title="Delete media"
      description="The file, and every segment and embed made from it, will be deleted. This cannot be undone."
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
