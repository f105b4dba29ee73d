import {
  type EmbedResult,
  embedRequestSchema,
  MEDIA_MESSAGES,
  uploadEmbedFieldsSchema,
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
import { toEmbedResult } from './result-shapes.ts';

/** The trigger mixed into the whole source at `atSec` (SPEC §9), as SPEC §3.3's embed result. */
async function embedWhole(
  ctx: MediaContext,
  scope: CleanupScope,
  user: UserRow,
  source: MediaSource,
  trigger: TriggerRow,
  atSec: number,
): Promise<EmbedResult> {
  const request = { source, trigger, triggerAtSec: atSec, cut: undefined, job: 'embed' } as const;
  const derived = await deriveMedia(ctx, scope, user, request);
  return toEmbedResult(derived, source.originalUrl, trigger, atSec);
}

/** SPEC §7 POST /api/media/embed and /upload-embed. Both answer when the file is ready. */
export async function embedRoutes(app: FastifyInstance) {
  const ctx = app.media;

  app.post('/embed', async (request, reply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    const input = parseMediaInput(embedRequestSchema, request.body);
    const trigger = await loadTrigger(ctx, user, input.triggerId);
    const result = await withCleanup(async (scope) => {
      const source = await sourceOf(ctx, scope, user, input.media);
      return embedWhole(ctx, scope, user, source, trigger, input.startTime);
    });
    return reply.status(201).send(result);
  });

  app.post('/upload-embed', async (request, reply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    const result = await withCleanup(async (scope) => {
      const upload = await receiveUpload(request, scope, ctx);
      const file = requireFile(upload, {
        file: MEDIA_MESSAGES.uploadMediaFile,
        fileAndTrigger: MEDIA_MESSAGES.uploadMediaFileAndTrigger,
      });
      const input = parseMediaInput(uploadEmbedFieldsSchema, upload.fields);
      const trigger = await loadTrigger(ctx, user, input.triggerId);
      // The uploaded original belongs where the trigger does (loadTrigger checked the right).
      const source = await sourceOfUpload(ctx, scope, user, file, trigger.teamId);
      return embedWhole(ctx, scope, user, source, trigger, input.startTime);
    });
    return reply.status(201).send(result);
  });
}
