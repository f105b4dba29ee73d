import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mediaFiles } from '../../db/schema.ts';
import type { MediaContext } from './media-context.ts';
import { readMetadata } from './media-metadata.ts';
import { probedAudioBitRate } from './probe-source.ts';

/** Rows read per query: a library of any size is walked in pages, never loaded whole. */
const PAGE = 100;
/** A row the backfill has not reached: no `audioBitRate` key (a JSON null is a known "none"). */
const NOT_REACHED = sql`${mediaFiles.metadata} -> 'audioBitRate' is null`;

export interface BackfillResult {
  /** Files that now carry their audio bitrate. */
  filled: number;
  /** Files probed (or missing) with no figure: marked, so they are not probed again. */
  unknown: number;
}

/**
 * Gives library files stored before the server kept each file's audio bitrate (2026-12-02) the
 * figure ffprobe reads, so the lossy-codec warnings of the library's embed tab and the wizard judge
 * them by their real bitrate as they do newer files (docs/decisions/audio-signals.md). Runs in the
 * background after start, one ffprobe at a time; a row is done once its `audioBitRate` key exists
 * (a number, or null where no figure is known: a missing file, a stream without one), so a restart
 * resumes where it stopped and a finished library costs one query. Only that key is written, and
 * only where it is still absent, so a job or another instance writing the row meanwhile wins.
 */
export async function backfillAudioBitRates(
  ctx: Pick<MediaContext, 'db' | 'store' | 'probe' | 'log'>,
  signal: AbortSignal,
): Promise<BackfillResult> {
  const result: BackfillResult = { filled: 0, unknown: 0 };
  let after = 0;
  while (!signal.aborted) {
    const rows = await ctx.db
      .select({ id: mediaFiles.id, metadata: mediaFiles.metadata })
      .from(mediaFiles)
      .where(and(eq(mediaFiles.status, 'ready'), gt(mediaFiles.id, after), NOT_REACHED))
      .orderBy(asc(mediaFiles.id))
      .limit(PAGE);
    for (const row of rows) {
      if (signal.aborted) break;
      after = row.id;
      const bitRate = await probeStored(ctx, readMetadata(row.metadata).storageKey);
      await markBitRate(ctx.db, row.id, bitRate);
      if (bitRate === null) result.unknown++;
      else result.filled++;
    }
    if (rows.length < PAGE) break;
  }
  return result;
}

/** The stored file's audio bitrate (bit/s), or null where there is no file or no figure. */
async function probeStored(
  ctx: Pick<MediaContext, 'store' | 'probe' | 'log'>,
  storageKey: string,
): Promise<number | null> {
  if (storageKey === '') return null;
  try {
    const local = await ctx.store.openLocal(storageKey);
    try {
      const bitRate = probedAudioBitRate(await ctx.probe(local.path, storageKey));
      return bitRate === undefined ? null : Math.round(bitRate);
    } finally {
      await local.release();
    }
  } catch (error) {
    // A stored file gone or unreadable is the library's state, not this job's failure: the row is
    // judged by its codec, as before.
    ctx.log.warn({ err: error, storageKey }, 'could not read a stored file for its audio bitrate');
    return null;
  }
}

async function markBitRate(db: Db, id: number, bitRate: number | null): Promise<void> {
  await db
    .update(mediaFiles)
    .set({
      metadata: sql`coalesce(${mediaFiles.metadata}, '{}'::jsonb) || jsonb_build_object('audioBitRate', ${bitRate}::integer)`,
    })
    .where(and(eq(mediaFiles.id, id), NOT_REACHED));
}
