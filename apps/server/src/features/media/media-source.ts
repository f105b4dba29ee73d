import type { MediaFileRow } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { titleFromName } from './ingest-media.ts';
import type { MediaContext } from './media-context.ts';
import { readMetadata } from './media-metadata.ts';
import { type ProbedMedia, probeSource } from './probe-source.ts';
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
  release(): Promise<void>;
}

export async function sourceFromRow(ctx: MediaContext, row: MediaFileRow): Promise<MediaSource> {
  const meta = readMetadata(row.metadata);
  if (row.status !== 'ready' || meta.storageKey === '') {
    throw new AppError('MEDIA_NOT_READY', `This media is not ready (status: ${row.status})`);
  }
  const local = await ctx.store.openLocal(meta.storageKey);
  try {
    const probed = await probeSource(local.path, meta.storageKey);
    return {
      path: local.path,
      probed,
      title: row.name,
      originalUrl: row.cloudinaryUrl,
      row,
      sourceUrl: meta.sourceUrl,
      release: local.release,
    };
  } catch (error) {
    await local.release();
    throw error;
  }
}

/** Downloads a user's URL (DESIGN §5 rules) into a temporary file for one job. */
export async function sourceFromUrl(ctx: MediaContext, url: string): Promise<MediaSource> {
  const temp = ctx.temp.newPath('download');
  const media = ctx.config;
  try {
    const downloaded = await downloadUrl(url, temp, {
      allowPrivate: media.allowPrivateUrls,
      maxBytes: media.maxUploadBytes,
      timeoutMs: media.fetchTimeoutMs,
    });
    const name = new URL(downloaded.finalUrl).pathname;
    const probed = await probeSource(temp, name);
    return {
      path: temp,
      probed,
      title: titleFromName(new URL(url).pathname, 'Imported media'),
      originalUrl: url,
      row: undefined,
      sourceUrl: url,
      release: () => ctx.temp.remove(temp),
    };
  } catch (error) {
    await ctx.temp.remove(temp);
    throw error;
  }
}
