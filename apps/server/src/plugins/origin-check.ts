import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.ts';

export interface OriginCheckOptions {
  /** Origins besides the server's own that may call it from a browser (the Vite dev server). */
  trustedOrigins: readonly string[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// Callers that are not browsers carrying this site's cookie: API-key clients (no cookie is read
// there), Stripe's signed webhook and conversion reports (no cookie read, called from creators'
// sites by design). A browser on another site gains nothing from them.
const EXEMPT_PREFIXES = ['/api/v1/', '/api/payments/webhook', '/api/conversions/'];

export const crossSiteRefused = () =>
  new AppError('CROSS_SITE', 'Cross-site request refused: this page may only be used from its own site');

function isWebSocket(request: FastifyRequest): boolean {
  return request.routeOptions.url === '/ws' || request.headers.upgrade?.toLowerCase() === 'websocket';
}

/**
 * Whether `origin` names this server: its host and port against Host (X-Forwarded-Host behind a
 * trusted proxy), default ports folded. The scheme is not compared, so a TLS-terminating proxy
 * without TRUST_PROXY still works; a page on http:// of the same host is this site anyway.
 */
function isOwnOrigin(origin: string, request: FastifyRequest): boolean {
  try {
    const url = new URL(origin);
    return url.host === new URL(`${url.protocol}//${request.host}`).host;
  } catch {
    return false; // 'null' (sandboxed frames, file://) and junk
  }
}

/**
 * Refuses cross-site browser requests that could act with the user's cookie: every
 * state-changing method (JSON, multipart and sign-out alike) and the /ws upgrade. A browser
 * always sends Origin on these; a request without Origin and without Sec-Fetch-Site comes from
 * a non-browser client, which holds no victim's cookie, and passes. SameSite=Lax already stops
 * most of this; the check also covers same-site sibling hosts and old browsers.
 */
export const originCheckPlugin = fp(
  async (app: FastifyInstance, opts: OriginCheckOptions) => {
    const trusted = new Set(opts.trustedOrigins.map((o) => o.toLowerCase().replace(/\/$/, '')));
    app.addHook('onRequest', async (request) => {
      const ws = isWebSocket(request);
      if (!ws && SAFE_METHODS.has(request.method)) return;
      const path = request.url.split('?')[0] ?? '';
      if (
        !ws &&
        EXEMPT_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix))
      )
        return;
      const origin = request.headers.origin;
      if (origin !== undefined) {
        if (!trusted.has(origin.toLowerCase()) && !isOwnOrigin(origin, request)) throw crossSiteRefused();
        return;
      }
      const site = request.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin' && site !== 'none') throw crossSiteRefused();
    });
  },
  { name: 'origin-check' },
);
