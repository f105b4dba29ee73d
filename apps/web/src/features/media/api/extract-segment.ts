import { type ExtractSegmentRequest, type MediaFile, mediaFileSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { libraryChangeKeys } from './query-keys';

/** POST /api/cloudinary/extract-segment: a plain cut of a library item → the new media file. */
export function extractSegment(input: ExtractSegmentRequest): Promise<MediaFile> {
  return apiRequest('/api/cloudinary/extract-segment', mediaFileSchema, {
    method: 'POST',
    body: input,
    errorStyle: 'save',
  });
}

export function useExtractSegment() {
  return useInvalidatingMutation(extractSegment, libraryChangeKeys);
}
