import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { mediaKeys } from './query-keys';

/** DELETE /api/media/:id → 204; segments and embeds made from the file go with it. */
export function deleteMedia(id: number): Promise<void> {
  return apiSend(`/api/media/${id}`, { method: 'DELETE' });
}

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}
