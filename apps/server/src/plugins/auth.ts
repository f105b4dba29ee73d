import type { UserRole } from '@tonemark/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema.ts';
import { tableWrites } from '../db/statement-hooks.ts';
import { SessionCache } from '../features/auth/session-cache.ts';
import { findSessionUser, SESSION_COOKIE } from '../features/auth/sessions.ts';
import { forbidden, unauthorized } from './app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
  }
}

export interface AuthPluginOptions {
  /**
   * How long a looked-up sign-in is reused, in ms; 0 turns the cache off. Only for a server that
   * is the database's sole writer: another instance's sign-out would not reach this cache
   * (docs/decisions/request-path.md).
   */
  sessionCacheMs?: number;
}

/** Resolves the session cookie to a user on every request; routes decide what they require. */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: AuthPluginOptions) => {
    app.decorateRequest('user', null);
    const writes = tableWrites(app.db);
    // Without watched writes (a database not opened by openDatabase) nothing could empty it.
    const cache = opts.sessionCacheMs && writes ? new SessionCache(opts.sessionCacheMs) : undefined;
    if (cache && writes) {
      const unsubscribe = writes.subscribe(() => cache.clear());
      app.addHook('onClose', async () => unsubscribe());
    }
    app.addHook('onRequest', async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      request.user = token ? ((await findSessionUser(app.db, token, cache)) ?? null) : null;
    });
  },
  { name: 'auth', dependencies: ['database', '@fastify/cookie'] },
);

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireRole(request: FastifyRequest, roles: readonly UserRole[]): UserRow {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expires: Date,
  secure: boolean | undefined,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secure ?? request.protocol === 'https',
    expires,
  });
}
