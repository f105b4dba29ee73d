import type { MediaFileType, OwnerFilter } from '@tonemark/shared';
import { and, count, desc, eq, getTableColumns, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type MediaFileRow,
  mediaFiles,
  type NewMediaFileRow,
  soundTriggers,
  type UserRow,
} from '../../db/schema.ts';
import { matchesSearch, totalOverWindow } from '../paging/list-page.ts';
import { type OwnerColumns, ownedScope, ownerFilter } from '../teams/access.ts';
import type { MediaMetadata } from './media-metadata.ts';

export const MEDIA_OWNER: OwnerColumns = { owner: mediaFiles.ownerId, team: mediaFiles.teamId };

/** Which media a user may see (features/teams/access.ts): own, their teams', admins all. */
export function mediaVisibleTo(user: UserRow): SQL | undefined {
  return ownedScope(user, MEDIA_OWNER);
}

export type NewMedia = Omit<NewMediaFileRow, 'metadata'> & { metadata: MediaMetadata };

export async function insertMedia(db: Db, values: NewMedia): Promise<MediaFileRow> {
  const [row] = await db
    .insert(mediaFiles)
    .values({ ...values, metadata: { ...values.metadata } })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findMedia(
  db: Db,
  user: UserRow,
  by: { id?: number | undefined; publicId?: string | undefined },
): Promise<MediaFileRow | undefined> {
  const conditions = [mediaVisibleTo(user)];
  if (by.id !== undefined) conditions.push(eq(mediaFiles.id, by.id));
  if (by.publicId !== undefined) conditions.push(eq(mediaFiles.publicId, by.publicId));
  const [row] = await db
    .select()
    .from(mediaFiles)
    .where(and(...conditions))
    .limit(1);
  return row;
}

/**
 * The library (SPEC §2.15): whole files, newest first. Segments are listed under their parent;
 * a segment cut from a URL has no parent in the library, so it is listed here or nowhere.
 */
export interface LibraryFilters {
  search?: string;
  type?: MediaFileType;
  teamId?: OwnerFilter;
}

function inLibrary(user: UserRow, filters: LibraryFilters) {
  return and(
    or(eq(mediaFiles.isSegment, false), isNull(mediaFiles.parentMediaId)),
    mediaVisibleTo(user),
    ownerFilter(user, MEDIA_OWNER, filters.teamId),
    filters.type ? eq(mediaFiles.type, filters.type) : undefined,
    matchesSearch(filters.search, [mediaFiles.name, mediaFiles.description]),
  );
}

/** Newest first, all of it (SPEC §7's list). */
export async function listLibrary(
  db: Db,
  user: UserRow,
  filters: LibraryFilters = {},
): Promise<MediaFileRow[]> {
  return db
    .select()
    .from(mediaFiles)
    .where(inLibrary(user, filters))
    .orderBy(desc(mediaFiles.createdAt), desc(mediaFiles.id));
}

/** One page, newest first, each row with the number of items the filters keep. */
export async function listLibraryPage(
  db: Db,
  user: UserRow,
  filters: LibraryFilters,
  limit: number,
  offset: number,
): Promise<(MediaFileRow & { total: number })[]> {
  return db
    .select({ ...getTableColumns(mediaFiles), total: totalOverWindow })
    .from(mediaFiles)
    .where(inLibrary(user, filters))
    .orderBy(desc(mediaFiles.createdAt), desc(mediaFiles.id))
    .limit(limit)
    .offset(offset);
}

export async function countLibrary(db: Db, user: UserRow, filters: LibraryFilters): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mediaFiles).where(inLibrary(user, filters));
  return row?.n ?? 0;
}

export async function listSegments(db: Db, parentId: number): Promise<MediaFileRow[]> {
  return db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.parentMediaId, parentId), eq(mediaFiles.isSegment, true)))
    .orderBy(desc(mediaFiles.createdAt), desc(mediaFiles.id));
}

export async function updateMedia(
  db: Db,
  id: number,
  values: Partial<Omit<NewMediaFileRow, 'metadata'>> & { metadata?: MediaMetadata },
): Promise<MediaFileRow> {
  const { metadata, ...columns } = values;
  const [row] = await db
    .update(mediaFiles)
    .set({ ...columns, ...(metadata ? { metadata: { ...metadata } } : {}), updatedAt: new Date() })
    .where(eq(mediaFiles.id, id))
    .returning();
  if (!row) throw new Error(`media ${id} vanished`);
  return row;
}

export async function deleteMediaRow(db: Db, id: number): Promise<void> {
  await db.delete(mediaFiles).where(eq(mediaFiles.id, id));
}

/** A row and every row derived from it (the FK cascades them), so their files can go too. */
export async function mediaTree(db: Db, rootId: number): Promise<MediaFileRow[]> {
  const found: MediaFileRow[] = [];
  let frontier = [rootId];
  const [root] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, rootId));
  if (root) found.push(root);
  while (frontier.length > 0) {
    const children = await db.select().from(mediaFiles).where(inArray(mediaFiles.parentMediaId, frontier));
    found.push(...children);
    frontier = children.map((c) => c.id);
  }
  return found;
}

export async function incrementEmbedCount(db: Db, triggerId: number): Promise<void> {
  await db
    .update(soundTriggers)
    .set({ embedCount: sql`${soundTriggers.embedCount} + 1` })
    .where(eq(soundTriggers.id, triggerId));
}

/** Running jobs touch their rows so other instances can tell them from crashed ones. */
export async function touchJobs(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mediaFiles)
    .set({ updatedAt: new Date() })
    .where(and(inArray(mediaFiles.id, ids), eq(mediaFiles.status, 'processing')));
}

/**
 * Marks jobs that no process is running any more as failed: rows still `processing` whose
 * heartbeat is older than `staleBefore`. Returns how many were swept.
 */
export async function sweepInterruptedJobs(db: Db, staleBefore: Date): Promise<number> {
  const rows = await db
    .update(mediaFiles)
    .set({
      status: 'error',
      updatedAt: new Date(),
      metadata: sql`coalesce(${mediaFiles.metadata}, '{}'::jsonb) || ${JSON.stringify({
        errorMessage: 'Processing was interrupted (the server stopped); please try again',
      })}::jsonb`,
    })
    .where(and(eq(mediaFiles.status, 'processing'), lt(mediaFiles.updatedAt, staleBefore)))
    .returning({ id: mediaFiles.id });
  return rows.length;
}
