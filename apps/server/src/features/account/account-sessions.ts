import { createHash } from 'node:crypto';
import type { AccountSession } from '@tonemark/shared';
import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The stored id of the session a cookie token names (sessions keep only the token's hash). */
export const storedSessionId = (token: string) => sha256(token);

/** What the screens call a session: a hash of the stored id, so no listing can be replayed. */
export const publicSessionId = (storedId: string) => sha256(`session:${storedId}`).slice(0, 24);

export async function listSessions(
  db: Db,
  userId: number,
  currentStoredId: string | null,
): Promise<AccountSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(asc(sessions.createdAt));
  return rows.map((row) => ({
    id: publicSessionId(row.id),
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    current: row.id === currentStoredId,
  }));
}

/** Ends one of the user's sessions by its public id; false when there is no such session. */
export async function endSession(db: Db, userId: number, publicId: string): Promise<boolean> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  const match = rows.find((row) => publicSessionId(row.id) === publicId);
  if (!match) return false;
  await db.delete(sessions).where(inArray(sessions.id, [match.id]));
  return true;
}

/** Signs the user out everywhere except `keepStoredId` (null: everywhere). */
export async function endOtherSessions(db: Db, userId: number, keepStoredId: string | null): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepStoredId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepStoredId))
        : eq(sessions.userId, userId),
    );
}
