import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../plugins/app-error.ts';

/** Where the @tonemark/sdk workspace package lives (its build in dist/, the example in example/). */
export const SDK_ROOT = path.dirname(createRequire(import.meta.url).resolve('@tonemark/sdk/package.json'));

const VERSION = (JSON.parse(readFileSync(path.join(SDK_ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;
/** `npm install <origin>/sdk/tonemark-sdk-<version>.tgz`: the packed package, built by npm run build. */
export const SDK_TARBALL = `tonemark-sdk-${VERSION}.tgz`;

const FILES: Record<string, { file: string; type: string }> = {
  [SDK_TARBALL]: { file: `pack/${SDK_TARBALL}`, type: 'application/gzip' },
  'tonemark.js': { file: 'dist/tonemark.js', type: 'text/javascript; charset=utf-8' },
  'tonemark.mjs': { file: 'dist/index.js', type: 'text/javascript; charset=utf-8' },
  'example.html': { file: 'example/example.html', type: 'text/html; charset=utf-8' },
  'example.js': { file: 'example/example.js', type: 'text/javascript; charset=utf-8' },
  'example.css': { file: 'example/example.css', type: 'text/css; charset=utf-8' },
};

/**
 * /sdk/tonemark.js (script tag, window.Tonemark), /sdk/tonemark.mjs (ES module), the npm tarball
 * and the plain HTML example. Not hashed file names, so browsers revalidate after five minutes.
 */
export async function sdkRoutes(app: FastifyInstance, opts: { root?: string }) {
  const root = opts.root ?? SDK_ROOT;
  if (!existsSync(path.join(root, 'dist/tonemark.js'))) {
    app.log.warn({ root }, 'SDK not built: run `npm run build` to serve /sdk/tonemark.js');
  }
  app.get('/sdk/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const entry = FILES[file];
    if (!entry) throw new AppError('NOT_FOUND', `No SDK file ${file}`);
    const body = await readFile(path.join(root, entry.file)).catch(() => null);
    if (!body) throw new AppError('NOT_FOUND', `${file} is not built: run npm run build`);
    return reply.type(entry.type).header('cache-control', 'public, max-age=300').send(body);
  });
  app.get('/sdk', async (_request, reply) => reply.redirect('/sdk/example.html'));
}
