import type { MediaFile } from '@tonemark/shared';
import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useDeleteMedia } from '../api/delete-media';

/** Deletes a library item; the server removes the files derived from it with it. */
export function DeleteMediaDialog({ file }: { file: Pick<MediaFile, 'id' | 'title'> }) {
  const deleteMutation = useDeleteMedia();

  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Delete ${file.title}`}
          title="Delete"
          className="text-slate-500 hover:bg-red-50 hover:text-red-600"
          data-testid="delete-media"
        >
          <Trash2 />
        </Button>
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
