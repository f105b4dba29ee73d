import { stat } from 'node:fs/promises';
import { type MediaFileType, mediaUrlForKey } from '@tonemark/shared';
import type { MediaFileRow, UserRow } from '../../db/schema.ts';
import { contentTypeForKey } from '../../storage/content-types.ts';
import { type CleanupScope, isRefusal } from './cleanup-scope.ts';
import { type MediaContext, newMediaPublicId } from './media-context.ts';
import { assertDurationAllowed, assertStorageFits, mediaAllowance } from './media-limits.ts';
import { type MediaMetadata, withAudioBitRate } from './media-metadata.ts';
import { deleteMediaRow, insertMedia, updateMedia } from './media-repository.ts';
import type { ProbedMedia } from './probe-source.ts';
import type { UploadedFile } from './receive-upload.ts';
import { titleFromName } from './title-from-name.ts';

export interface IngestRequest {
  /** A finished temporary file of the request's scope; storing it moves it into the store. */
  tempPath: string;
  filename: string;
  title: string | undefined;
  description: string | undefined;
  job: 'upload' | 'import';
  sourceUrl?: string;
  /** The owning team (issue 13), already checked with assertCanCreateIn; null: the uploader's own. */
  teamId: number | null;
}

/** The new library row and what its one probe found, so a following embed need not probe again. */
export interface Ingested {
  row: MediaFileRow;
  probed: ProbedMedia;
}

/**
 * Adds an uploaded or downloaded file to the library. The row exists while the file is probed
 * and stored (status processing) and becomes ready with its size and duration. If the request
 * is refused (here or by a later step of it, such as the embed of an upload-embed) the scope
 * removes the row and the stored file; any other failure leaves the row marked error.
 */
export async function ingestMedia(
  ctx: MediaContext,
  scope: CleanupScope,
  user: UserRow,
  request: IngestRequest,
): Promise<Ingested> {
  const publicId = newMediaPublicId();
  const metadata: MediaMetadata = {
    storageKey: '',
    contentType: 'application/octet-stream',
    job: request.job,
    worker: ctx.worker,
    ...(request.sourceUrl ? { sourceUrl: request.sourceUrl } : {}),
  };
  const row = await insertMedia(ctx.db, {
    name: request.title ?? titleFromName(request.filename, 'Untitled media'),
    description: request.description ?? null,
    type: 'audio' satisfies MediaFileType,
    publicId,
    url: '',
    status: 'processing',
    ownerId: user.id,
    teamId: request.teamId,
    metadata,
  });
  scope.ifRefused(() => deleteMediaRow(ctx.db, row.id));
  try {
    const probed = await ctx.probe(request.tempPath, request.filename);
    const allowance = await mediaAllowance(ctx.db, user, request.teamId);
    assertDurationAllowed(allowance, probed.durationSec);
    assertStorageFits(allowance, (await stat(request.tempPath)).size, 'This file');
    const key = `${publicId}${probed.extension}`;
    const stored = await ctx.store.putFile(key, request.tempPath);
    scope.ifRefused(() => ctx.store.delete(key));
    const ready = await updateMedia(ctx.db, row.id, {
      type: probed.fileType,
      url: mediaUrlForKey(key),
      fileSize: stored.size,
      duration: Math.round(probed.durationSec * 1000),
      status: 'ready',
      metadata: withAudioBitRate(
        { ...metadata, storageKey: key, contentType: contentTypeForKey(key) },
        probed,
      ),
    });
    return { row: ready, probed };
  } catch (error) {
    if (!isRefusal(error)) {
      await updateMedia(ctx.db, row.id, {
        status: 'error',
        metadata: { ...metadata, errorMessage: 'The file could not be stored' },
      }).catch(() => {});
    }
    throw error;
  }
}

/** An uploaded file into the library; `text` is the form's title and description, if any. */
export function ingestUpload(
  ctx: MediaContext,
  scope: CleanupScope,
  user: UserRow,
  file: UploadedFile,
  teamId: number | null,
  text: { title?: string | undefined; description?: string | undefined } = {},
): Promise<Ingested> {
  return ingestMedia(ctx, scope, user, {
    tempPath: file.path,
    filename: file.filename,
    title: text.title,
    description: text.description,
    job: 'upload',
    teamId,
  });
}
