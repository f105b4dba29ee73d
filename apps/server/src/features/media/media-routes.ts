import {
  embedRequestSchema,
  MEDIA_FILE_FIELD,
  MEDIA_MESSAGES,
  mediaIdParamsSchema,
  mediaImportRequestSchema,
  mediaListQuerySchema,
  mediaUploadFieldsSchema,
  processSegmentRequestSchema,
  updateMediaRequestSchema,
  uploadEmbedFieldsSchema,
  uploadProcessSegmentFieldsSchema,
  wantsPage,
} from '@tonemark/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import { parseInput } from '../../plugins/app-error.ts';
import { requireRole, requireUser } from '../../plugins/auth.ts';
import { listPage } from '../paging/list-page.ts';
import { assertCanCreateIn } from '../teams/access.ts';
import { ingestMedia } from './ingest-media.ts';
import { loadMedia, loadTrigger, loadWritableMedia, MEDIA_WRITERS } from './media-lookups.ts';
import { readMetadata } from './media-metadata.ts';
import { embedInto, processUploaded, segmentOf } from './media-operations.ts';
import {
  countLibrary,
  deleteMediaRow,
  listLibrary,
  listLibraryPage,
  listSegments,
  mediaTree,
  updateMedia,
} from './media-repository.ts';
import { sourceFromRow, sourceFromUrl } from './media-source.ts';
import { assertCanMoveMedia } from './move-media.ts';
import { parseMediaInput } from './parse-media-input.ts';
import { receiveUpload } from './receive-upload.ts';
import { toMediaFile } from './serialize-media.ts';
import { requireFile } from './upload-fields.ts';
import { downloadUrl } from './url-import/download-url.ts';

/** SPEC §7 /api/media/* calls. Processing calls answer when the file is ready (the row is the job). */
export async function mediaRoutes(app: FastifyInstance) {
  const ctx = app.media;

  const upload = (request: FastifyRequest) =>
    receiveUpload(request, {
      fileField: MEDIA_FILE_FIELD,
      temp: ctx.temp,
      maxBytes: ctx.config.maxUploadBytes,
    });

  /** Parses the text fields of an upload; the temporary file goes if they are refused. */
  async function withUpload<T>(
    request: FastifyRequest,
    work: (received: Awaited<ReturnType<typeof upload>>) => Promise<T>,
  ) {
    const received = await upload(request);
    try {
      return await work(received);
    } finally {
      // ingestMedia moved or removed it already; this catches refusals before ingesting.
      if (received.file) await ctx.temp.remove(received.file.path);
    }
  }

  const ingestUpload = (
    user: UserRow,
    path: string,
    filename: string,
    teamId: number | null,
    title?: string,
    description?: string,
  ) => ingestMedia(ctx, user, { tempPath: path, filename, title, description, job: 'upload', teamId });

  // SPEC §7: the whole library; Media Management asks for pages (docs/decisions/list-paging.md).
  app.get('/', async (request) => {
    const user = requireUser(request);
    const query = parseInput(mediaListQuerySchema, request.query);
    if (!wantsPage(query)) return (await listLibrary(ctx.db, user, query)).map(toMediaFile);
    return listPage(
      query,
      (limit, offset) => listLibraryPage(ctx.db, user, query, limit, offset),
      () => countLibrary(ctx.db, user, query),
      toMediaFile,
    );
  });

  app.get('/:id', async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(mediaIdParamsSchema, request.params);
    return toMediaFile(await loadMedia(ctx, user, { id }));
  });

  app.get('/:id/segments', async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(mediaIdParamsSchema, request.params);
    const parent = await loadMedia(ctx, user, { id });
    return (await listSegments(ctx.db, parent.id)).map(toMediaFile);
  });

  app.patch('/:id', async (request) => {
    const user = requireRole(request, MEDIA_WRITERS);
    const { id } = parseInput(mediaIdParamsSchema, request.params);
    const input = parseInput(updateMediaRequestSchema, request.body);
    const existing = await loadWritableMedia(ctx, user, id);
    const teamId = await assertCanMoveMedia(ctx.db, user, existing, input.teamId);
    const row = await updateMedia(ctx.db, id, {
      ...(input.title !== undefined ? { name: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(teamId !== undefined ? { teamId } : {}),
    });
    return toMediaFile(row);
  });

  app.delete('/:id', async (request, reply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    const { id } = parseInput(mediaIdParamsSchema, request.params);
    await loadWritableMedia(ctx, user, id);
    // Files derived from this one are deleted with it (the rows cascade), so their files go too.
    const tree = await mediaTree(ctx.db, id);
    await deleteMediaRow(ctx.db, id);
    for (const row of tree) {
      const { storageKey } = readMetadata(row.metadata);
      if (storageKey !== '') await ctx.store.delete(storageKey).catch(() => {});
    }
    return reply.status(204).send();
  });

  app.post('/upload', async (request, reply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    return withUpload(request, async ({ fields, file }) => {
      const input = parseMediaInput(mediaUploadFieldsSchema, fields);
      const present = requireFile(file, fields, { file: MEDIA_MESSAGES.selectFileToUpload });
      const teamId = await assertCanCreateIn(ctx.db, user, input.teamId);
      const row = await ingestUpload(
        user,
        present.path,
        present.filename,
        teamId,
        input.title,
        input.description,
      );
      return reply.status(201).send(toMediaFile(row));
    });
  });

  app.post('/import', async (request, reply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    const input = parseMediaInput(mediaImportRequestSchema, request.body);
    const teamId = await assertCanCreateIn(ctx.db, user, input.teamId);
    const url = input.mediaUrl ?? '';
    const temp = ctx.temp.newPath('import');
    const downloaded = await downloadUrl(url, temp, {
      allowPrivate: ctx.config.allowPrivateUrls,
      maxBytes: ctx.config.maxUploadBytes,
      timeoutMs: ctx.config.fetchTimeoutMs,
    });
    const row = await ingestMedia(ctx, user, {
      tempPath: temp,
      filename: new URL(downloaded.finalUrl).pathname,
      title: input.title,
      description: input.description,
      job: 'import',
      sourceUrl: url,
      teamId,
    });
    return reply.status(201).send(toMediaFile(row));
  });

  app.post('/embed', async (request, reply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    const input = parseMediaInput(embedRequestSchema, request.body);
    const trigger = await loadTrigger(ctx, user, input.triggerId ?? 0);
    const source =
      input.mediaId !== undefined
        ? await sourceFromRow(ctx, await loadMedia(ctx, user, { id: input.mediaId }))
        : await sourceFromUrl(ctx, input.mediaUrl ?? '');
    return reply.status(201).send(await embedInto(ctx, user, source, trigger, input.startTime));
  });

  app.post('/upload-embed', async (request, reply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    return withUpload(request, async ({ fields, file }) => {
      const present = requireFile(file, fields, {
        file: MEDIA_MESSAGES.uploadMediaFile,
        fileAndTrigger: MEDIA_MESSAGES.uploadMediaFileAndTrigger,
      });
      const input = parseMediaInput(uploadEmbedFieldsSchema, fields);
      const trigger = await loadTrigger(ctx, user, input.triggerId ?? 0);
      // The uploaded original belongs where the trigger does (loadTrigger checked the right).
      const original = await ingestUpload(user, present.path, present.filename, trigger.teamId);
      const result = await processUploaded(ctx, original, (source) =>
        embedInto(ctx, user, source, trigger, input.startTime),
      );
      return reply.status(201).send(result);
    });
  });

  app.post('/process-segment', async (request, reply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    const input = parseMediaInput(processSegmentRequestSchema, request.body);
    const trigger = await loadTrigger(ctx, user, input.triggerId ?? 0);
    const source =
      input.mediaId !== undefined
        ? await sourceFromRow(ctx, await loadMedia(ctx, user, { id: input.mediaId }))
        : await sourceFromUrl(ctx, input.mediaUrl ?? '');
    const cut = { startSec: input.segmentStart, durationSec: input.segmentDuration };
    return reply.status(201).send(await segmentOf(ctx, user, source, trigger, cut, input.triggerPosition));
  });

  app.post('/upload-process-segment', async (request, reply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    return withUpload(request, async ({ fields, file }) => {
      const present = requireFile(file, fields, { file: MEDIA_MESSAGES.selectMediaFile });
      const input = parseMediaInput(uploadProcessSegmentFieldsSchema, fields);
      const trigger = await loadTrigger(ctx, user, input.triggerId ?? 0);
      const original = await ingestUpload(user, present.path, present.filename, trigger.teamId);
      const cut = { startSec: input.segmentStart, durationSec: input.segmentDuration };
      const result = await processUploaded(ctx, original, (source) =>
        segmentOf(ctx, user, source, trigger, cut, input.triggerPosition),
      );
      return reply.status(201).send(result);
    });
  });
}
