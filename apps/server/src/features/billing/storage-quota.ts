import type { StorageQuota } from '@tonemark/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mediaFiles, type UserRow } from '../../db/schema.ts';
import { tierLimits } from './tier-limits.ts';

/** Bytes of media the user owns: uploads, imports, segments and embeds alike. */
export async function storageUsedBytes(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${mediaFiles.fileSize}), 0)`.mapWith(Number) })
    .from(mediaFiles)
    .where(eq(mediaFiles.ownerId, userId));
  return row?.used ?? 0;
}

/**
 * What the account stores and what its plan allows. The one source for the quota: the screens show
 * it, the media routes refuse an upload that would pass limitBytes (null: admins are not limited).
 */
export async function storageQuota(db: Db, user: UserRow): Promise<StorageQuota> {
  const [usedBytes, limits] = await Promise.all([storageUsedBytes(db, user.id), tierLimits(db, user)]);
  return { usedBytes, limitBytes: user.role === 'admin' ? null : limits.storageLimitBytes };
}
