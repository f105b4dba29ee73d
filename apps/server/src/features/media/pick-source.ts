import type { UserRow } from '../../db/schema.ts';
import type { CleanupScope } from './cleanup-scope.ts';
import { ingestUpload } from './ingest-media.ts';
import type { MediaContext } from './media-context.ts';
import { loadMedia } from './media-lookups.ts';
import { type MediaSource, sourceFromRow, sourceFromUrl } from './media-source.ts';
import type { UploadedFile } from './receive-upload.ts';

/** The media an embed or segment call names: a library item the user sees, or a URL. */
export async function sourceOf(
  ctx: MediaContext,
  scope: CleanupScope,
  user: UserRow,
  media: { id: number } | { url: string },
): Promise<MediaSource> {
  if ('url' in media) return sourceFromUrl(ctx, scope, media.url);
  return sourceFromRow(ctx, scope, await loadMedia(ctx, user, media));
}

/**
 * The file of an upload-and-process call: stored in the library first (the result links to it
 * as its parent), then read with the probe it was stored with. A refused call removes it again.
 */
export async function sourceOfUpload(
  ctx: MediaContext,
  scope: CleanupScope,
  user: UserRow,
  file: UploadedFile,
  teamId: number | null,
): Promise<MediaSource> {
  const original = await ingestUpload(ctx, scope, user, file, teamId);
  return sourceFromRow(ctx, scope, original.row, original.probed);
}
