import { type MediaFile, type MediaImportRequest, mediaFileSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { libraryChangeKeys } from './query-keys';

/** POST /api/media/import {mediaUrl, title, description}: the server fetches a direct media URL. */
export function importMedia(input: MediaImportRequest): Promise<MediaFile> {
  return apiRequest('/api/media/import', mediaFileSchema, {
    method: 'POST',
    body: input,
    errorStyle: 'save',
  });
}

export function useImportMedia() {
  return useInvalidatingMutation(importMedia, libraryChangeKeys);
}
