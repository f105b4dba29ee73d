import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type EmbedResult, embedResultSchema, type LibraryEmbedRequest } from '@tonemark/shared';
import { invalidateTriggerData } from '@/features/triggers';
import { apiRequest } from '@/lib/api-client';
import { refreshQueries } from '@/lib/refresh-queries';
import { libraryChangeKeys } from './query-keys';

/** POST /api/cloudinary/embed-trigger: embed into a library item; the library is reloaded after. */
export function libraryEmbedTrigger(input: LibraryEmbedRequest): Promise<EmbedResult> {
  return apiRequest('/api/cloudinary/embed-trigger', embedResultSchema, {
    method: 'POST',
    body: input,
    errorStyle: 'save',
  });
}

export function useLibraryEmbedTrigger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: libraryEmbedTrigger,
    onSuccess: () =>
      Promise.all([refreshQueries(queryClient, libraryChangeKeys), invalidateTriggerData(queryClient)]),
  });
}
