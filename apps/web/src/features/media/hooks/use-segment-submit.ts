import type { SegmentResult } from '@tonemark/shared';
import { useProcessSegment } from '../api/process-segment';
import { useUploadProcessSegment } from '../api/upload-process-segment';
import { segmentErrorText } from '../lib/media-errors';
import { MEDIA_FAILURE_TEXTS } from '../lib/media-failure-texts';

export interface SegmentFields {
  triggerId: number;
  segmentStart: number;
  segmentDuration: number;
  triggerPosition: number;
}

const TEXTS = {
  failed: MEDIA_FAILURE_TEXTS.segmentFailed,
  fallback: MEDIA_FAILURE_TEXTS.segmentErrorFallback,
};

/** URL → /api/media/process-segment, file → /api/media/upload-process-segment. */
export function useSegmentSubmit(
  onDone: (result: SegmentResult) => void,
  onFailed: (message: string) => void,
) {
  const byUrl = useProcessSegment();
  const byFile = useUploadProcessSegment();
  const callbacks = {
    onSuccess: onDone,
    onError: (error: unknown) => onFailed(segmentErrorText(error, TEXTS)),
  };

  function submit(source: { mediaUrl: string } | { file: File }, fields: SegmentFields) {
    if ('file' in source) byFile.mutate({ file: source.file, ...fields }, callbacks);
    else byUrl.mutate({ mediaUrl: source.mediaUrl.trim(), ...fields }, callbacks);
  }
  return { submit, processing: byUrl.isPending || byFile.isPending };
}
