import {
  MEDIA_MESSAGES,
  processSegmentRequestSchema,
  type SegmentResult,
  uploadProcessSegmentFieldsSchema,
} from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import { deriveMedia } from './derive-media.ts';
import { onNamedMedia, onUploadedMedia, type ProcessWork } from './process-handlers.ts';
import { toSegmentResult } from './result-shapes.ts';

interface SegmentInput {
  segmentStart: number;
  segmentDuration: number;
  /** Seconds into the segment. */
  triggerPosition: number;
}

/** SPEC §7 POST /api/media/process-segment and /upload-process-segment: a cut with the trigger in it. */
export async function segmentRoutes(app: FastifyInstance) {
  const ctx = app.media;

  const cutWithTrigger: ProcessWork<SegmentInput, SegmentResult> = async (step) => {
    const { segmentStart, segmentDuration, triggerPosition: at } = step.input;
    const cut = { startSec: segmentStart, durationSec: segmentDuration };
    const derived = await deriveMedia(ctx, step.scope, step.user, step.source, {
      trigger: step.trigger,
      atSec: at,
      cut,
    });
    return toSegmentResult(derived, step.trigger, at);
  };

  app.post('/process-segment', onNamedMedia(ctx, processSegmentRequestSchema, cutWithTrigger));
  app.post(
    '/upload-process-segment',
    onUploadedMedia(
      ctx,
      uploadProcessSegmentFieldsSchema,
      { file: MEDIA_MESSAGES.selectMediaFile },
      cutWithTrigger,
    ),
  );
}
