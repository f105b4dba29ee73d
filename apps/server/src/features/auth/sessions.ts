import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, type UserRow, users } from '../../db/schema.ts';
import type { SessionCache } from './session-cache.ts';

export const SESSION_COOKIE = 'tonemark_session';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, userId: number, ttlDays: number, userAgent?: string) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlDays * 86_400_000);
  await db
    .insert(sessions)
    .values({ id: hashToken(token), userId, expiresAt, userAgent: userAgent?.slice(0, 300) });
  return { token, expiresAt };
}

function prepareSessionUser(db: Db) {
  return db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('tonemark_session_user');
}

// Every signed-in request asks this: built once per database, not once per request.
const sessionUserQueries = new WeakMap<Db, ReturnType<typeof prepareSessionUser>>();

/** The signed-in user a session token names, from `cache` when it holds a fresh copy. */
export async function findSessionUser(
  db: Db,
  token: string,
  cache?: SessionCache,
): Promise<UserRow | undefined> {
  const id = hashToken(token);
  const cached = cache?.get(id);
  if (cached) return cached;
  let query = sessionUserQueries.get(db);
  if (!query) {
    query = prepareSessionUser(db);
    sessionUserQueries.set(db, query);
  }
  const ticket = cache?.ticket() ?? 0;
  const [row] = await query.execute({ id, now: new Date() });
  if (row && cache) cache.set(id, row.user, row.expiresAt, ticket);
  return row?.user;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
