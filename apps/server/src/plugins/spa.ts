import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { ApiErrorBody } from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const API_PREFIXES = ['/api/', '/api', '/ws'];
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Vite names what it builds under assets/ by content hash: a new build never reuses a name. */
function isHashedAsset(file: string): boolean {
  return /(^|[\\/])assets[\\/][^\\/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+(\.br|\.gz)?$/.test(file);
}

/**
 * Serves the built SPA. Unknown GETs that want HTML get index.html (history fallback), so every
 * client route survives a refresh; API paths keep their JSON 404.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, opts: { root: string }) => {
    const index = path.join(opts.root, 'index.html');
    if (!existsSync(index)) {
      app.log.warn({ root: opts.root }, 'web app not built: run `npm run build` to serve the UI');
      return;
    }
    // The build writes .br and .gz beside every asset (apps/web/vite.config.ts); the client gets
    // the smallest it accepts, with no compression work per request.
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('cache-control', isHashedAsset(file) ? IMMUTABLE : 'public, max-age=0');
      },
    });
    app.get('/*', (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const isApi = API_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
      const notFound = () =>
        reply.status(404).send({
          error: `Route ${request.method} ${url} not found`,
          code: 'NOT_FOUND',
        } satisfies ApiErrorBody);
      if (isApi) return notFound();
      if (/\.[A-Za-z0-9]{1,8}$/.test(url.slice(url.lastIndexOf('/') + 1))) {
        // A file added by a rebuild after start-up (the static routes list only what existed
        // then) is still served; a missing one (an old hashed asset) must 404, never turn into
        // index.html. sendFile stays inside the root and answers the JSON 404 itself.
        let file: string;
        try {
          file = decodeURIComponent(url).slice(1);
        } catch {
          return notFound();
        }
        return reply.sendFile(file);
      }
      // Hashed assets are immutable; index.html must always be revalidated.
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    });
  },
  { name: 'spa', dependencies: ['error-handler'] },
);
