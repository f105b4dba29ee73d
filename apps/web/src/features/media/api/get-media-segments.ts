import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MediaFile, mediaFileSchema } from '@tonemark/shared';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { mediaKeys } from './query-keys';

const segmentListSchema = z.array(mediaFileSchema);

/** GET /api/media/:id/segments → files cut from this one (segment fields set). */
export function getMediaSegments(id: number): Promise<MediaFile[]> {
  return apiRequest(`/api/media/${id}/segments`, segmentListSchema);
}

export const getMediaSegmentsQueryOptions = (id: number) =>
  queryOptions({ queryKey: mediaKeys.segments(id), queryFn: () => getMediaSegments(id) });

export function useMediaSegments(id: number | null) {
  return useQuery({ ...getMediaSegmentsQueryOptions(id ?? 0), enabled: id !== null });
}
