import {
  type ApiErrorBody,
  catalogueQuerySchema,
  detectionBatchSchema,
  LISTENING_LINK_PARAM,
} from '@tonemark/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseInput } from '../../plugins/app-error.ts';
import type { CatalogueBody } from './catalogue.ts';
import { OVERLOAD_RETRY_MS } from './resolve-detection.ts';
import { ScopedCatalogueCache } from './scoped-catalogue.ts';

// Listeners re-check within seconds; a CDN may serve a stale copy briefly while it revalidates,
// and a much older one when the origin is down (the listener works offline anyway).
const CATALOGUE_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60, stale-if-error=86400';

function pickEncoding(header: string | undefined, brotli: boolean): 'br' | 'gzip' | 'identity' {
  const accepted = (header ?? '').toLowerCase();
  if (brotli && /\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function sendCatalogue(request: FastifyRequest, reply: FastifyReply, snapshot: CatalogueBody) {
  reply
    .header('cache-control', CATALOGUE_CACHE_CONTROL)
    .header('etag', snapshot.etag)
    .header('vary', 'accept-encoding')
    .header('x-catalogue-version', snapshot.version);
  if (etagMatches(request.headers['if-none-match'], snapshot.etag)) return reply.status(304).send();
  const { identity, gzip, br } = snapshot.body;
  const encoding = pickEncoding(request.headers['accept-encoding'], br !== undefined);
  reply.header('content-type', 'application/json; charset=utf-8');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' && br ? br : encoding === 'gzip' ? gzip : identity);
}

/** Public (no sign-in): what listeners detect, and where they report what they heard. */
export async function listenerRoutes(app: FastifyInstance) {
  const scoped = new ScopedCatalogueCache();
  // Served from memory: no database read and no compression on the request path (a listening
  // link's is compressed once, on its first request for this version).
  app.get('/catalogue', async (request, reply) => {
    const query = parseInput(catalogueQuerySchema, request.query);
    const ids = query[LISTENING_LINK_PARAM];
    const snapshot = await app.listener.catalogue.current();
    return sendCatalogue(request, reply, ids ? scoped.get(snapshot, ids) : snapshot);
  });

  // The pre-protocol address: its answer (every trigger's name and action) is gone for good.
  app.get('/triggers', async (_request, reply) => reply.redirect('/api/listener/catalogue', 301));

  app.post('/detections', async (request, reply) => {
    const { detections } = parseInput(detectionBatchSchema, request.body);
    // Backpressure before any work: nothing of this request is stored, and the client says so.
    if (app.listener.writer.overloaded()) {
      return reply
        .status(503)
        .header('retry-after', String(Math.ceil(OVERLOAD_RETRY_MS / 1000)))
        .send({
          error: 'The server is busy storing detections; retry shortly.',
          code: 'OVERLOADED',
        } satisfies ApiErrorBody);
    }
    const signedIn = request.user ?? null;
    const results = await Promise.all(
      detections.map((d) =>
        app.listener.resolver.resolve({
          activationId: d.activationId,
          trigger: { listenerId: d.publicTriggerId },
          detectedAt: new Date(d.detectedAt),
          deviceKey: signedIn ? `user:${signedIn.id}:${d.deviceId}` : `device:${d.deviceId}`,
          ip: request.ip,
          deviceType: d.deviceType,
          osVersion: d.osVersion,
          batteryImpact: d.batteryImpact,
          score: d.score,
          snrDb: d.snrDb,
          speed: d.speed,
          tempo: d.tempo,
          language: d.language,
          utcOffsetMinutes: d.utcOffsetMinutes,
        }),
      ),
    );
    return { results };
  });
}
