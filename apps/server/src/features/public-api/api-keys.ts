import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PATTERN, type ApiKey } from '@tonemark/shared';
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ApiKeyRow, apiKeys, type UserRow, users } from '../../db/schema.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A new key: only the returned `key` holds the secret; the row keeps its hash. */
export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const prefix = randomBytes(4).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { key: `tm_live_${prefix}_${secret}`, prefix, hash: sha256(secret) };
}

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: `tm_live_${row.prefix}`,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(db: Db, userId: number): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function countApiKeys(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertApiKey(
  db: Db,
  userId: number,
  name: string,
): Promise<{ row: ApiKeyRow; key: string }> {
  const { key, prefix, hash } = generateApiKey();
  const [row] = await db.insert(apiKeys).values({ userId, name, prefix, hash }).returning();
  if (!row) throw new Error('insert returned no row');
  return { row, key };
}

/** Revoked keys stay in the table (who had access when) but never authenticate again. */
export async function revokeApiKey(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** The owner of a presented key, or undefined for a malformed, unknown or revoked one. */
export async function authenticateApiKey(
  db: Db,
  presented: string,
): Promise<{ key: ApiKeyRow; user: UserRow } | undefined> {
  const match = API_KEY_PATTERN.exec(presented.trim());
  if (!match) return undefined;
  const [, prefix = '', secret = ''] = match;
  const [found] = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.hash, sha256(secret)), eq(apiKeys.prefix, prefix), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!found) return undefined;
  // At most one write a minute per key: lastUsedAt is for people, not an audit log.
  const minuteAgo = new Date(Date.now() - 60_000);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(eq(apiKeys.id, found.key.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, minuteAgo))),
    );
  return found;
}
