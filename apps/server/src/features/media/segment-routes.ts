import {
  MEDIA_MESSAGES,
  processSegmentRequestSchema,
  type SegmentResult,
  uploadProcessSegmentFieldsSchema,
} from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import type { TriggerRow, UserRow } from '../../db/schema.ts';
import { requireRole } from '../../plugins/auth.ts';
import { type CleanupScope, withCleanup } from './cleanup-scope.ts';
import { deriveMedia } from './derive-media.ts';
import type { MediaContext } from './media-context.ts';
import { loadTrigger, MEDIA_WRITERS } from './media-lookups.ts';
import type { MediaSource } from './media-source.ts';
import { parseMediaInput } from './parse-media-input.ts';
import { sourceOf, sourceOfUpload } from './pick-source.ts';
import { receiveUpload, requireFile } from './receive-upload.ts';
import { toSegmentResult } from './result-shapes.ts';

interface SegmentInput {
  segmentStart: number;
  segmentDuration: number;
  /** Seconds into the segment. */
  triggerPosition: number;
}

/** Cuts [segmentStart, +segmentDuration) and mixes the trigger in, as SPEC §3.3's segment result. */
async function cutWithTrigger(
  ctx: MediaContext,
  scope: CleanupScope,
  user: UserRow,
  source: MediaSource,
  trigger: TriggerRow,
  input: SegmentInput,
): Promise<SegmentResult> {
  const cut = { startSec: input.segmentStart, durationSec: input.segmentDuration };
  const at = input.triggerPosition;
  const derived = await deriveMedia(ctx, scope, user, {
    source,
    trigger,
    triggerAtSec: at,
    cut,
    job: 'segment',
  });
  return toSegmentResult(derived, trigger, at);
}

/** SPEC §7 POST /api/media/process-segment and /upload-process-segment. */
export async function segmentRoutes(app: FastifyInstance) {
  const ctx = app.media;

  app.post('/process-segment', async (request, reply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    const input = parseMediaInput(processSegmentRequestSchema, request.body);
    const trigger = await loadTrigger(ctx, user, input.triggerId);
    const result = await withCleanup(async (scope) => {
      const source = await sourceOf(ctx, scope, user, input.media);
      return cutWithTrigger(ctx, scope, user, source, trigger, input);
    });
    return reply.status(201).send(result);
  });

  app.post('/upload-process-segment', async (request, reply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    const result = await withCleanup(async (scope) => {
      const upload = await receiveUpload(request, scope, ctx);
      const file = requireFile(upload, { file: MEDIA_MESSAGES.selectMediaFile });
      const input = parseMediaInput(uploadProcessSegmentFieldsSchema, upload.fields);
      const trigger = await loadTrigger(ctx, user, input.triggerId);
      const source = await sourceOfUpload(ctx, scope, user, file, trigger.teamId);
      return cutWithTrigger(ctx, scope, user, source, trigger, input);
    });
    return reply.status(201).send(result);
  });
}
