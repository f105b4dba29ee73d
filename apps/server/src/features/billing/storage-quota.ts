import type { StorageQuota } from '@tonemark/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mediaFiles, type UserRow } from '../../db/schema.ts';
import { heldBy } from './plan-holder.ts';
import { tierLimits } from './tier-limits.ts';

/**
 * Bytes of media on the user's plan: their own files and every file of the teams they own
 * (issue 13), uploads, imports, segments and embeds alike.
 */
export async function storageUsedBytes(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${mediaFiles.fileSize}), 0)`.mapWith(Number) })
    .from(mediaFiles)
    .where(heldBy(userId, mediaFiles.ownerId, mediaFiles.teamId));
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
