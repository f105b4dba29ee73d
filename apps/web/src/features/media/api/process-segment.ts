import { type ProcessSegmentRequest, type SegmentResult, segmentResultSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { libraryChangeKeys } from './query-keys';

/** POST /api/media/process-segment: cut a URL's media and embed the trigger inside the cut. */
export function processSegment(input: ProcessSegmentRequest): Promise<SegmentResult> {
  return apiRequest('/api/media/process-segment', segmentResultSchema, {
    method: 'POST',
    body: input,
    errorStyle: 'save',
  });
}

export function useProcessSegment() {
  return useInvalidatingMutation(processSegment, libraryChangeKeys);
}
