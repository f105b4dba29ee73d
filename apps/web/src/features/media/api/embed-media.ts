import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type EmbedRequest, type EmbedResult, embedResultSchema } from '@tonemark/shared';
import { invalidateTriggerData } from '@/features/triggers';
import { apiRequest } from '@/lib/api-client';
import { refreshQueries } from '@/lib/refresh-queries';
import { libraryChangeKeys } from './query-keys';

/** POST /api/media/embed: {mediaUrl | mediaId, triggerId, startTime} → embed result (SPEC §3.3). */
export function embedMedia(input: EmbedRequest): Promise<EmbedResult> {
  return apiRequest('/api/media/embed', embedResultSchema, {
    method: 'POST',
    body: input,
    errorStyle: 'save',
  });
}

export function useEmbedMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: embedMedia,
    // A new library item exists and the trigger's embed count changed.
    onSuccess: () =>
      Promise.all([refreshQueries(queryClient, libraryChangeKeys), invalidateTriggerData(queryClient)]),
  });
}
