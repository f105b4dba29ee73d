import { MEDIA_FILE_FIELD, type SegmentResult, segmentResultSchema } from '@tonemark/shared';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { mediaForm, postForm } from './post-form';
import { libraryChangeKeys } from './query-keys';

export interface UploadProcessSegmentInput {
  file: File;
  triggerId: number;
  segmentStart: number;
  segmentDuration: number;
  triggerPosition: number;
}

/** POST /api/media/upload-process-segment, multipart with the segment fields → segment result. */
export function uploadProcessSegment({ file, ...fields }: UploadProcessSegmentInput): Promise<SegmentResult> {
  const form = mediaForm(fields, { name: MEDIA_FILE_FIELD, file });
  return postForm('/api/media/upload-process-segment', form, segmentResultSchema);
}

export function useUploadProcessSegment() {
  return useInvalidatingMutation(uploadProcessSegment, libraryChangeKeys);
}
