import { type ApiErrorBody, ERROR_MESSAGES } from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../plugins/app-error.ts';
import { parseRange } from '../../storage/byte-range.ts';
import { isValidKey } from '../../storage/media-store.ts';

const paramsSchema = z.object({ key: z.string() });
const querySchema = z.object({ download: z.string().optional() }).passthrough();

/**
 * GET /media/<key>: stored media and trigger tones, public by unguessable key so players,
 * <audio>/<video> elements and downloads work without cookies. Byte ranges make video seek.
 */
export async function serveMediaRoutes(app: FastifyInstance) {
  const { store } = app.media;

  app.get('/:key', async (request, reply) => {
    const { key } = paramsSchema.parse(request.params);
    const query = querySchema.safeParse(request.query);
    if (!isValidKey(key)) throw notFound('Media file');
    // A trigger created a moment ago may still be rendering its tone: answer once it is stored.
    await app.media.tones.settled(key);
    const object = await store.stat(key);
    if (!object) throw notFound('Media file');

    reply
      .header('accept-ranges', 'bytes')
      .header('content-type', object.contentType)
      .header('etag', object.etag)
      .header('last-modified', object.modifiedAt.toUTCString())
      // Revalidate every time: a trigger's tone is re-rendered under the same key when it changes.
      .header('cache-control', 'public, no-cache')
      .header('x-content-type-options', 'nosniff');
    const download = query.success && ['1', 'true'].includes(query.data.download ?? '');
    if (download) reply.header('content-disposition', `attachment; filename="${key}"`);

    if (request.headers['if-none-match'] === object.etag) return reply.status(304).send();

    const ifRange = request.headers['if-range'];
    const rangeHeader = ifRange === undefined || ifRange === object.etag ? request.headers.range : undefined;
    const range = parseRange(rangeHeader, object.size);
    if (range.kind === 'unsatisfiable') {
      return reply
        .status(416)
        .header('content-range', `bytes */${object.size}`)
        .header('content-type', 'application/json; charset=utf-8')
        .send({
          error: ERROR_MESSAGES.RANGE_NOT_SATISFIABLE,
          code: 'RANGE_NOT_SATISFIABLE',
        } satisfies ApiErrorBody);
    }
    if (range.kind === 'partial') {
      const { start, end } = range.range;
      reply
        .status(206)
        .header('content-range', `bytes ${start}-${end}/${object.size}`)
        .header('content-length', end - start + 1);
      return reply.send(store.read(key, range.range));
    }
    reply.header('content-length', object.size);
    return reply.send(store.read(key));
  });
}
