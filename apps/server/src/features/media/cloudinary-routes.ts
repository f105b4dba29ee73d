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
import { ingestMedia } from './ingest-media.ts';
import { loadMedia, loadTrigger, MEDIA_WRITERS } from './media-lookups.ts';
import { embedInto, extractFrom } from './media-operations.ts';
import { sourceFromRow } from './media-source.ts';
import { parseMediaInput } from './parse-media-input.ts';
import { receiveUpload } from './receive-upload.ts';
import { toMediaFile } from './serialize-media.ts';
import { requireFile } from './upload-fields.ts';

/**
 * SPEC §7 /api/cloudinary/* calls of the media library. The names come from the original media
 * host; here they work on the same MediaStore as /api/media (DESIGN §2), keyed by publicId.
 */
export async function cloudinaryRoutes(app: FastifyInstance) {
  const ctx = app.media;

  app.post('/upload', async (request, reply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    const { fields, file } = await receiveUpload(request, {
      fileField: CLOUDINARY_FILE_FIELD,
      temp: ctx.temp,
      maxBytes: ctx.config.maxUploadBytes,
    });
    try {
      const input = parseMediaInput(cloudinaryUploadFieldsSchema, fields);
      const present = requireFile(file, fields, { file: MEDIA_MESSAGES.selectFileToUpload });
      const teamId = await assertCanCreateIn(ctx.db, user, input.teamId);
      // `type` is the browser's guess; the stored type comes from probing the file.
      const row = await ingestMedia(ctx, user, {
        tempPath: present.path,
        filename: present.filename,
        title: input.title,
        description: input.description,
        job: 'upload',
        teamId,
      });
      return reply.status(201).send(toMediaFile(row));
    } finally {
      if (file) await ctx.temp.remove(file.path);
    }
  });

  app.post('/extract-segment', async (request, reply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    const input = parseMediaInput(extractSegmentRequestSchema, request.body);
    const media = await loadMedia(ctx, user, { id: input.mediaId, publicId: input.mediaPublicId });
    const cut = { startSec: input.startTimeSeconds, durationSec: input.durationSeconds };
    const row = await extractFrom(ctx, user, await sourceFromRow(ctx, media), cut);
    return reply.status(201).send(toMediaFile(row));
  });

  app.post('/embed-trigger', async (request, reply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    const input = parseMediaInput(libraryEmbedRequestSchema, request.body);
    const trigger = await loadTrigger(ctx, user, input.triggerId ?? 0);
    if (input.triggerPublicId !== trigger.publicId) {
      throw new AppError('VALIDATION', 'The trigger public ID does not match the selected trigger', {
        triggerPublicId: 'Does not match the selected trigger',
      });
    }
    const media = await loadMedia(ctx, user, { id: input.mediaId, publicId: input.mediaPublicId });
    const result = await embedInto(
      ctx,
      user,
      await sourceFromRow(ctx, media),
      trigger,
      input.startTimeSeconds,
    );
    return reply.status(201).send(result);
  });
}
