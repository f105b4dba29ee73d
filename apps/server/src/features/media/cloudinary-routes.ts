import {
  CLOUDINARY_FILE_FIELD,
  cloudinaryUploadFieldsSchema,
  extractSegmentRequestSchema,
  libraryEmbedRequestSchema,
  MEDIA_MESSAGES,
} from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../plugins/app-error.ts';
import { requireRole } from '../../plugins/auth.ts';
import { assertCanCreateIn } from '../teams/access.ts';
import { withCleanup } from './cleanup-scope.ts';
import { deriveMedia } from './derive-media.ts';
import { ingestUpload } from './ingest-media.ts';
import { loadMedia, loadTrigger, MEDIA_WRITERS } from './media-lookups.ts';
import { sourceFromRow } from './media-source.ts';
import { parseMediaInput } from './parse-media-input.ts';
import { receiveUpload, requireFile } from './receive-upload.ts';
import { toEmbedResult } from './result-shapes.ts';
import { toMediaFile } from './serialize-media.ts';

/**
 * SPEC §7 /api/cloudinary/* calls of the media library. The names come from the original media
 * host; here they work on the same MediaStore as /api/media (DESIGN §2), keyed by publicId.
 */
export async function cloudinaryRoutes(app: FastifyInstance) {
  const ctx = app.media;

  app.post('/upload', async (request, reply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    const stored = await withCleanup(async (scope) => {
      const upload = await receiveUpload(request, scope, ctx, CLOUDINARY_FILE_FIELD);
      const input = parseMediaInput(cloudinaryUploadFieldsSchema, upload.fields);
      const file = requireFile(upload, { file: MEDIA_MESSAGES.selectFileToUpload });
      const teamId = await assertCanCreateIn(ctx.db, user, input.teamId);
      // `type` is the browser's guess; the stored type comes from probing the file.
      return ingestUpload(ctx, scope, user, file, teamId, input);
    });
    return reply.status(201).send(toMediaFile(stored.row));
  });

  app.post('/extract-segment', async (request, reply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    const input = parseMediaInput(extractSegmentRequestSchema, request.body);
    const media = await loadMedia(ctx, user, input.media);
    const cut = { startSec: input.startTimeSeconds, durationSec: input.durationSeconds };
    const derived = await withCleanup(async (scope) => {
      const source = await sourceFromRow(ctx, scope, media);
      return deriveMedia(ctx, scope, user, {
        source,
        trigger: undefined,
        triggerAtSec: 0,
        cut,
        job: 'extract',
      });
    });
    return reply.status(201).send(toMediaFile(derived.row));
  });

  app.post('/embed-trigger', async (request, reply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    const input = parseMediaInput(libraryEmbedRequestSchema, request.body);
    const trigger = await loadTrigger(ctx, user, input.triggerId);
    if (input.triggerPublicId !== trigger.publicId) {
      throw new AppError('VALIDATION', 'The trigger public ID does not match the selected trigger', {
        triggerPublicId: 'Does not match the selected trigger',
      });
    }
    const media = await loadMedia(ctx, user, input.media);
    const at = input.startTimeSeconds;
    const result = await withCleanup(async (scope) => {
      const source = await sourceFromRow(ctx, scope, media);
      const derived = await deriveMedia(ctx, scope, user, {
        source,
        trigger,
        triggerAtSec: at,
        cut: undefined,
        job: 'embed',
      });
      return toEmbedResult(derived, source.originalUrl, trigger, at);
    });
    return reply.status(201).send(result);
  });
}
