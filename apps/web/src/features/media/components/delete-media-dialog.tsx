import type { MediaFile } from '@tonemark/shared';
import { DeleteItemDialog } from '@/components/delete-item-dialog';
import { useDeleteMedia } from '../api/delete-media';

/** Deletes a library item; the server removes the files derived from it with it. */
export function DeleteMediaDialog({ file }: { file: Pick<MediaFile, 'id' | 'title'> }) {
  const deleteMutation = useDeleteMedia();
  return (
    <DeleteItemDialog kind="media" name={file.title} action={() => deleteMutation.mutateAsync(file.id)} />
  );
}
