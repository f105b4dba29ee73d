import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type EmbedResult,
  embedResultSchema,
  MEDIA_FILE_FIELD,
  type UploadEmbedFields,
} from '@tonemark/shared';
import { invalidateTriggerData } from '@/features/triggers';
import { refreshQueries } from '@/lib/refresh-queries';
import { mediaForm, postForm } from './post-form';
import { libraryChangeKeys } from './query-keys';

/** The contract's text fields (uploadEmbedFieldsSchema) plus the file sent as `mediaFile`. */
export type UploadEmbedInput = UploadEmbedFields & { file: File };

/** POST /api/media/upload-embed, multipart {mediaFile, triggerId, startTime} → embed result. */
export function uploadEmbed({ file, triggerId, startTime }: UploadEmbedInput): Promise<EmbedResult> {
  const form = mediaForm({ triggerId, startTime }, { name: MEDIA_FILE_FIELD, file });
  return postForm('/api/media/upload-embed', form, embedResultSchema);
}

export function useUploadEmbed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadEmbed,
    onSuccess: () =>
      Promise.all([refreshQueries(queryClient, libraryChangeKeys), invalidateTriggerData(queryClient)]),
  });
}
