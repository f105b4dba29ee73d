import { apiSend } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { mediaKeys } from './query-keys';

/** DELETE /api/media/:id → 204; segments and embeds made from the file go with it. */
export function deleteMedia(id: number): Promise<void> {
  return apiSend(`/api/media/${id}`, { method: 'DELETE' });
}

export function useDeleteMedia() {
  return useInvalidatingMutation(deleteMedia, [mediaKeys.all]);
}
