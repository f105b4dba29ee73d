import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { tableWrites } from '../../db/statement-hooks.ts';
import { SessionCache } from './session-cache.ts';
import { findSessionUser, SESSION_COOKIE } from './sessions.ts';

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
