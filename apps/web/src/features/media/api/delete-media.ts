import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListPage, MediaFile } from '@tonemark/shared';
import { apiSend } from '@/lib/api-client';
import { refreshQueries } from '@/lib/refresh-queries';
import { libraryChangeKeys, mediaKeys } from './query-keys';

/** DELETE /api/media/:id → 204; segments and embeds made from the file go with it. */
export function deleteMedia(id: number): Promise<void> {
  return apiSend(`/api/media/${id}`, { method: 'DELETE' });
}

/** A cached library answer (the whole list, or one page of it) without the deleted item. */
function withoutItem(data: unknown, id: number): unknown {
  if (Array.isArray(data)) return (data as MediaFile[]).filter((file) => file.id !== id);
  if (data && typeof data === 'object' && 'items' in data) {
    const page = data as ListPage<MediaFile>;
    const items = page.items.filter((file) => file.id !== id);
    return { ...page, items, total: page.total - (page.items.length - items.length) };
  }
  return data;
}

/**
 * Forgets the deleted item before refreshing the library. Without this the refresh asks again for
 * everything the open panel shows, its segments included: that call now answers 404, and its error
 * notice could land after "Media deleted" and replace it (one notice at a time).
 */
async function forgetDeleted(queryClient: QueryClient, id: number): Promise<void> {
  queryClient.setQueriesData({ queryKey: mediaKeys.library }, (data: unknown) => withoutItem(data, id));
  await queryClient.cancelQueries({ queryKey: mediaKeys.segments(id) });
  queryClient.removeQueries({ queryKey: mediaKeys.segments(id) });
  await refreshQueries(queryClient, libraryChangeKeys);
}

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: (_answer, id) => forgetDeleted(queryClient, id),
  });
}
