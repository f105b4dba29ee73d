import { stat } from 'node:fs/promises';
import path from 'node:path';
import { type MediaFileType, mediaUrlForKey } from '@tonemark/shared';
import type { MediaFileRow, UserRow } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { contentTypeForKey } from '../../storage/content-types.ts';
import { type MediaContext, newMediaPublicId } from './media-context.ts';
import { assertDurationAllowed, assertStorageFits, mediaAllowance } from './media-limits.ts';
import type { MediaMetadata } from './media-metadata.ts';
import { deleteMediaRow, insertMedia, updateMedia } from './media-repository.ts';
import { probeSource } from './probe-source.ts';

export interface IngestRequest {
  /** A finished temporary file; it is moved into the store or removed, never left behind. */
  tempPath: string;
  filename: string;
  title: string | undefined;
  description: string | undefined;
  job: 'upload' | 'import';
  sourceUrl?: string;
  /** The owning team (issue 13), already checked with assertCanCreateIn; null: the uploader's own. */
  teamId: number | null;
}

/** SPEC §5 wizard rule: the title defaults to the file name without its extension. */
export function titleFromName(name: string, fallback: string): string {
  const base = path.basename(name.split(/[?#]/)[0] ?? '');
  const stem = base.replace(/\.[^.]*$/, '').trim();
  return stem === '' ? fallback : stem.slice(0, 200);
}

/**
 * Adds an uploaded or downloaded file to the library. The row exists while the file is probed
 * and stored (status processing) and becomes ready with its size and duration. A file that is
 * not audio or video gets a 4xx and leaves neither a row nor a file.
 */
export async function ingestMedia(
  ctx: MediaContext,
  user: UserRow,
  request: IngestRequest,
): Promise<MediaFileRow> {
  const publicId = newMediaPublicId();
  const metadata: MediaMetadata = {
    storageKey: '',
    contentType: 'application/octet-stream',
    job: request.job,
    worker: ctx.worker,
    ...(request.sourceUrl ? { sourceUrl: request.sourceUrl } : {}),
  };
  let row: MediaFileRow | undefined;
  let storedKey: string | undefined;
  try {
    row = await insertMedia(ctx.db, {
      name: request.title ?? titleFromName(request.filename, 'Untitled media'),
      description: request.description ?? null,
      type: 'audio' satisfies MediaFileType,
      cloudinaryPublicId: publicId,
      cloudinaryUrl: '',
      status: 'processing',
      ownerId: user.id,
      teamId: request.teamId,
      metadata,
    });
    const probed = await probeSource(request.tempPath, request.filename);
    const allowance = await mediaAllowance(ctx.db, user, request.teamId);
    assertDurationAllowed(allowance, probed.durationSec);
    assertStorageFits(allowance, (await stat(request.tempPath)).size, 'This file');
    const key = `${publicId}${probed.extension}`;
    const stored = await ctx.store.putFile(key, request.tempPath);
    storedKey = key;
    return await updateMedia(ctx.db, row.id, {
      type: probed.fileType,
      cloudinaryUrl: mediaUrlForKey(key),
      fileSize: stored.size,
      duration: Math.round(probed.durationSec * 1000),
      status: 'ready',
      metadata: { ...metadata, storageKey: key, contentType: contentTypeForKey(key) },
    });
  } catch (error) {
    await ctx.temp.remove(request.tempPath);
    if (error instanceof AppError || !row) {
      if (storedKey) await ctx.store.delete(storedKey);
      if (row) await deleteMediaRow(ctx.db, row.id);
    } else {
      await updateMedia(ctx.db, row.id, {
        status: 'error',
        metadata: { ...metadata, errorMessage: 'The file could not be stored' },
      }).catch(() => {});
    }
    throw error;
  }
}
