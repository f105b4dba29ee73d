import { MEDIA_MESSAGES, mediaImportRequestSchema, mediaUploadFieldsSchema } from '@tonemark/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType, ZodTypeDef } from 'zod';
import { requireRole } from '../../plugins/request-user.ts';
import { assertCanCreateIn } from '../teams/access.ts';
import { withCleanup } from './cleanup-scope.ts';
import { ingestMedia, ingestUpload } from './ingest-media.ts';
import type { MediaContext } from './media-context.ts';
import { MEDIA_WRITERS } from './media-lookups.ts';
import { downloadIntoScope } from './media-source.ts';
import { parseMediaInput } from './parse-media-input.ts';
import { receiveUpload, requireFile } from './receive-upload.ts';
import { toMediaFile } from './serialize-media.ts';

interface UploadText {
  title?: string | undefined;
  description?: string | undefined;
  teamId?: number | undefined;
}

/**
 * An upload into the library: SPEC §7 /api/media/upload and /api/cloudinary/upload differ only
 * in the file's field name and the text fields they take.
 */
export function onUploadToLibrary<In>(
  ctx: MediaContext,
  fields: ZodType<UploadText, ZodTypeDef, In>,
  fileField?: string,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    const stored = await withCleanup(async (scope) => {
      const upload = await receiveUpload(request, scope, ctx, fileField);
      const input = parseMediaInput(fields, upload.fields);
      const file = requireFile(upload, { file: MEDIA_MESSAGES.selectFileToUpload });
      const teamId = await assertCanCreateIn(ctx.db, user, input.teamId);
      return ingestUpload(ctx, scope, user, file, teamId, input);
    });
    return reply.status(201).send(toMediaFile(stored.row));
  };
}

/** SPEC §7 calls that bring a file into the library: an upload, or a URL imported. */
export async function ingestRoutes(app: FastifyInstance) {
  const ctx = app.media;

  app.post('/upload', onUploadToLibrary(ctx, mediaUploadFieldsSchema));

  app.post('/import', async (request, reply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    const input = parseMediaInput(mediaImportRequestSchema, request.body);
    const teamId = await assertCanCreateIn(ctx.db, user, input.teamId);
    const stored = await withCleanup(async (scope) => {
      const downloaded = await downloadIntoScope(ctx, scope, input.mediaUrl);
      return ingestMedia(ctx, scope, user, {
        tempPath: downloaded.path,
        filename: downloaded.name,
        title: input.title,
        description: input.description,
        job: 'import',
        sourceUrl: input.mediaUrl,
        teamId,
      });
    });
    return reply.status(201).send(toMediaFile(stored.row));
  });
}
