import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MediaFile, mediaFileSchema } from '@tonemark/shared';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { mediaKeys } from './query-keys';

const mediaListSchema = z.array(mediaFileSchema);

/** GET /api/media → the caller's library (SPEC §3.3 media files). */
export function getMediaFiles(): Promise<MediaFile[]> {
  return apiRequest('/api/media', mediaListSchema);
}

export const getMediaFilesQueryOptions = () =>
  queryOptions({ queryKey: mediaKeys.library, queryFn: getMediaFiles });

export function useMediaFiles() {
  return useQuery(getMediaFilesQueryOptions());
}
