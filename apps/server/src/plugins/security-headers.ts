import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Stripe's documented needs for Stripe.js and its Payment Element (script, frames, API calls).
const STRIPE_SCRIPTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_CONNECT = ['https://api.stripe.com', 'https://q.stripe.com', 'https://m.stripe.network'];

/**
 * The Content-Security-Policy of every answer (docs/decisions/security-hardening.md):
 * - script-src and worker-src allow blob: because the listener loads its AudioWorklet from a Blob
 *   URL, and only same-origin script can make a blob: URL, so this adds no new source of code;
 * - style-src allows inline styles: React, Radix and recharts set style attributes;
 * - the listener's service worker (/sw.js) and manifest are same-origin ('self').
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' blob: ${STRIPE_SCRIPTS.join(' ')}`,
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://*.stripe.com",
  "media-src 'self' blob: data:",
  "font-src 'self' data:",
  `connect-src 'self' ${STRIPE_CONNECT.join(' ')}`,
  `frame-src ${STRIPE_FRAMES.join(' ')}`,
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Browser security headers on every answer (pages, API, media, errors). HSTS only over HTTPS
 * (request.protocol follows X-Forwarded-Proto when TRUST_PROXY is on): over plain HTTP a
 * browser ignores it, and a local install must stay reachable over http://localhost.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('x-frame-options', 'DENY');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
      reply.header('permissions-policy', 'camera=(), geolocation=(), microphone=(self)');
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      return payload;
    });
  },
  { name: 'security-headers' },
);
