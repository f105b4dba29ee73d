import {
  CLOUDINARY_FILE_FIELD,
  cloudinaryUploadFieldsSchema,
  extractSegmentRequestSchema,
  libraryEmbedRequestSchema,
} from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../plugins/app-error.ts';
import { requireRole } from '../../plugins/request-user.ts';
import { withCleanup } from './cleanup-scope.ts';
import { deriveMedia } from './derive-media.ts';
import { onUploadToLibrary } from './ingest-routes.ts';
import { loadMedia, loadTrigger, MEDIA_WRITERS } from './media-lookups.ts';
import { sourceFromRow } from './media-source.ts';
import { parseMediaInput } from './parse-media-input.ts';
import { toEmbedResult } from './result-shapes.ts';
import { toMediaFile } from './serialize-media.ts';

/**
 * SPEC §7 /api/cloudinary/* calls of the media library. The names come from the original media
 * host; here they work on the same MediaStore as /api/media (DESIGN §2), keyed by publicId.
 */
export async function cloudinaryRoutes(app: FastifyInstance) {
  const ctx = app.media;

  // `type` is the browser's guess; the stored type comes from probing the file.
  app.post('/upload', onUploadToLibrary(ctx, cloudinaryUploadFieldsSchema, CLOUDINARY_FILE_FIELD));

  app.post('/extract-segment', async (request, reply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    const input = parseMediaInput(extractSegmentRequestSchema, request.body);
    const media = await loadMedia(ctx, user, input.media);
    const cut = { startSec: input.startTimeSeconds, durationSec: input.durationSeconds };
    const derived = await withCleanup(async (scope) => {
      const source = await sourceFromRow(ctx, scope, media);
      return deriveMedia(ctx, scope, user, source, { cut });
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
      const derived = await deriveMedia(ctx, scope, user, source, { trigger, atSec: at });
      return toEmbedResult(derived, source.originalUrl, trigger, at);
    });
    return reply.status(201).send(result);
  });
}
