import {
  type EmbedResult,
  embedRequestSchema,
  MEDIA_MESSAGES,
  uploadEmbedFieldsSchema,
} from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import { deriveMedia } from './derive-media.ts';
import { onNamedMedia, onUploadedMedia, type ProcessWork } from './process-handlers.ts';
import { toEmbedResult } from './result-shapes.ts';

/** SPEC §7 POST /api/media/embed and /upload-embed: the trigger mixed into the whole file. */
export async function embedRoutes(app: FastifyInstance) {
  const ctx = app.media;

  const embed: ProcessWork<{ startTime: number }, EmbedResult> = async (step) => {
    const { scope, user, source, trigger } = step;
    const at = step.input.startTime;
    const derived = await deriveMedia(ctx, scope, user, source, { trigger, atSec: at });
    return toEmbedResult(derived, source.originalUrl, trigger, at);
  };

  app.post('/embed', onNamedMedia(ctx, embedRequestSchema, embed));
  app.post(
    '/upload-embed',
    onUploadedMedia(
      ctx,
      uploadEmbedFieldsSchema,
      { file: MEDIA_MESSAGES.uploadMediaFile, fileAndTrigger: MEDIA_MESSAGES.uploadMediaFileAndTrigger },
      embed,
    ),
  );
}
