import { MEDIA_MESSAGES, mediaImportRequestSchema, mediaUploadFieldsSchema } from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import { requireRole } from '../../plugins/auth.ts';
import { assertCanCreateIn } from '../teams/access.ts';
import { withCleanup } from './cleanup-scope.ts';
import { ingestMedia, ingestUpload } from './ingest-media.ts';
import { MEDIA_WRITERS } from './media-lookups.ts';
import { downloadIntoScope } from './media-source.ts';
import { parseMediaInput } from './parse-media-input.ts';
import { receiveUpload, requireFile } from './receive-upload.ts';
import { toMediaFile } from './serialize-media.ts';

/** SPEC §7 calls that bring a file into the library: an upload, or a URL imported. */
export async function uploadRoutes(app: FastifyInstance) {
  const ctx = app.media;

  app.post('/upload', async (request, reply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    const stored = await withCleanup(async (scope) => {
      const upload = await receiveUpload(request, scope, ctx);
      const input = parseMediaInput(mediaUploadFieldsSchema, upload.fields);
      const file = requireFile(upload, { file: MEDIA_MESSAGES.selectFileToUpload });
      const teamId = await assertCanCreateIn(ctx.db, user, input.teamId);
      return ingestUpload(ctx, scope, user, file, teamId, input);
    });
    return reply.status(201).send(toMediaFile(stored.row));
  });

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
