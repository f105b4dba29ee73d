import {
  mediaIdParamsSchema,
  mediaListQuerySchema,
  updateMediaRequestSchema,
  wantsPage,
} from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../plugins/app-error.ts';
import { requireRole, requireUser } from '../../plugins/request-user.ts';
import { listPage } from '../paging/list-page.ts';
import { loadMedia, loadWritableMedia, MEDIA_WRITERS } from './media-lookups.ts';
import { readMetadata } from './media-metadata.ts';
import {
  countLibrary,
  deleteMediaRow,
  listLibrary,
  listLibraryPage,
  listSegments,
  mediaTree,
  updateMedia,
} from './media-repository.ts';
import { assertCanMoveMedia } from './move-media.ts';
import { toMediaFile } from './serialize-media.ts';

/** SPEC §7 /api/media reads and edits of the library: list, one file, its segments, rename, delete. */
export async function libraryRoutes(app: FastifyInstance) {
  const ctx = app.media;

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
}
