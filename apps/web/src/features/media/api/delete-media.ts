import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { mediaKeys } from './query-keys';

/** DELETE /api/media/:id → 204; segments and embeds made from the file go with it. */
export function deleteMedia(id: number): Promise<void> {
  return apiSend(`/api/media/${id}`, { method: 'DELETE' });
}

/**
 * `onDeleted` / `onFailed` live on the mutation itself, not on `mutate`: the library refetch
 * unmounts the deleted item's panel, and per-call callbacks never run after an unmount.
 */
export function useDeleteMedia({
  onDeleted,
  onFailed,
}: {
  onDeleted: (id: number) => void;
  onFailed: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: async (_result, id) => {
      onDeleted(id);
      await queryClient.invalidateQueries({ queryKey: mediaKeys.all });
    },
    onError: onFailed,
  });
}
