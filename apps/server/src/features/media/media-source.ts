import type { MediaFileRow } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { CleanupScope } from './cleanup-scope.ts';
import type { MediaContext } from './media-context.ts';
import { readMetadata } from './media-metadata.ts';
import type { ProbedMedia } from './probe-source.ts';
import { titleFromName } from './title-from-name.ts';
import { downloadUrl } from './url-import/download-url.ts';

/** Media an operation reads: a library item, or a URL downloaded for this one job. */
export interface MediaSource {
  path: string;
  probed: ProbedMedia;
  title: string;
  /** What the embed result calls originalMediaUrl. */
  originalUrl: string;
  /** The library item it came from (results are linked to it as parentMediaId). */
  row: MediaFileRow | undefined;
  sourceUrl: string | undefined;
}

/**
 * A library item as a source; its local copy is released with the scope. `probed` is the probe
 * the item was just ingested with (upload-and-process calls), so the file is not probed twice.
 */
export async function sourceFromRow(
  ctx: MediaContext,
  scope: CleanupScope,
  row: MediaFileRow,
  probed?: ProbedMedia,
): Promise<MediaSource> {
  const meta = readMetadata(row.metadata);
  if (row.status !== 'ready' || meta.storageKey === '') {
    throw new AppError('MEDIA_NOT_READY', `This media is not ready (status: ${row.status})`);
  }
  const local = await ctx.store.openLocal(meta.storageKey);
  scope.always(local.release);
  return {
    path: local.path,
    probed: probed ?? (await ctx.probe(local.path, meta.storageKey)),
    title: row.name,
    originalUrl: row.url,
    row,
    sourceUrl: meta.sourceUrl,
  };
}

/**
 * Downloads a user's URL (DESIGN §5 rules) into a temporary file of the scope. `name` is the
 * path of the URL it ended at (after redirects): a hint for the stored extension and title.
 */
export async function downloadIntoScope(
  ctx: MediaContext,
  scope: CleanupScope,
  url: string,
): Promise<{ path: string; name: string }> {
  const temp = ctx.temp.newPath('download');
  scope.always(() => ctx.temp.remove(temp));
  const downloaded = await downloadUrl(url, temp, {
    allowPrivate: ctx.config.allowPrivateUrls,
    maxBytes: ctx.config.maxUploadBytes,
    timeoutMs: ctx.config.fetchTimeoutMs,
  });
  return { path: temp, name: new URL(downloaded.finalUrl).pathname };
}

/** A URL downloaded for one job (embed or segment by URL); the file goes with the scope. */
export async function sourceFromUrl(
  ctx: MediaContext,
  scope: CleanupScope,
  url: string,
): Promise<MediaSource> {
  const downloaded = await downloadIntoScope(ctx, scope, url);
  return {
    path: downloaded.path,
    probed: await ctx.probe(downloaded.path, downloaded.name),
    title: titleFromName(new URL(url).pathname, 'Imported media'),
    originalUrl: url,
    row: undefined,
    sourceUrl: url,
  };
}
