import type { EmbedResult, SegmentResult } from '@tonemark/shared';
import type { MediaFileRow, TriggerRow, UserRow } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { deriveMedia } from './derive-media.ts';
import type { MediaContext } from './media-context.ts';
import { readMetadata } from './media-metadata.ts';
import { deleteMediaRow } from './media-repository.ts';
import { type MediaSource, sourceFromRow } from './media-source.ts';
import { toEmbedResult, toSegmentResult } from './result-shapes.ts';

export type SegmentCut = { startSec: number; durationSec: number };

/** Runs `work` on a source and always releases it (a downloaded URL is a temporary file). */
async function withSource<T>(source: MediaSource, work: (source: MediaSource) => Promise<T>): Promise<T> {
  try {
    return await work(source);
  } finally {
    await source.release();
  }
}

export async function embedInto(
  ctx: MediaContext,
  user: UserRow,
  source: MediaSource,
  trigger: TriggerRow,
  atSec: number,
): Promise<EmbedResult> {
  return withSource(source, async (s) => {
    const derived = await deriveMedia(ctx, user, {
      source: s,
      trigger,
      triggerAtSec: atSec,
      cut: undefined,
      job: 'embed',
    });
    return toEmbedResult(derived, s, trigger, atSec);
  });
}

export async function segmentOf(
  ctx: MediaContext,
  user: UserRow,
  source: MediaSource,
  trigger: TriggerRow,
  cut: SegmentCut,
  atSec: number,
): Promise<SegmentResult> {
  return withSource(source, async (s) => {
    const derived = await deriveMedia(ctx, user, {
      source: s,
      trigger,
      triggerAtSec: atSec,
      cut,
      job: 'segment',
    });
    return toSegmentResult(derived, trigger, atSec);
  });
}

export async function extractFrom(
  ctx: MediaContext,
  user: UserRow,
  source: MediaSource,
  cut: SegmentCut,
): Promise<MediaFileRow> {
  return withSource(source, async (s) => {
    const derived = await deriveMedia(ctx, user, {
      source: s,
      trigger: undefined,
      triggerAtSec: 0,
      cut,
      job: 'extract',
    });
    return derived.row;
  });
}

/**
 * Upload-and-process calls keep the uploaded original in the library (the result links to it),
 * unless the processing request itself was refused: then the original goes too, so a 4xx
 * leaves nothing behind.
 */
export async function processUploaded<T>(
  ctx: MediaContext,
  original: MediaFileRow,
  work: (source: MediaSource) => Promise<T>,
): Promise<T> {
  try {
    return await work(await sourceFromRow(ctx, original));
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      await ctx.store.delete(readMetadata(original.metadata).storageKey).catch(() => {});
      await deleteMediaRow(ctx.db, original.id);
    }
    throw error;
  }
}
