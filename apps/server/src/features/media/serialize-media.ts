import type { MediaFile, MediaFileType } from '@tonemark/shared';

import type { MediaFileRow } from '../../db/schema.ts';
import { readMetadata } from './media-metadata.ts';

const seconds = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : ms / 1000);

export function downloadUrlFor(url: string): string {
  return `${url}?download=1`;
}

/** Row -> SPEC §3.3 media file. Milliseconds in the database, seconds on the wire. */
export function toMediaFile(row: MediaFileRow): MediaFile {
  const meta = readMetadata(row.metadata);
  return {
    id: row.id,
    title: row.name,
    description: row.description,
    fileType: (row.type === 'video' ? 'video' : 'audio') satisfies MediaFileType,
    url: row.url,
    downloadUrl: downloadUrlFor(row.url),
    publicId: row.publicId ?? '',
    contentType: meta.contentType,
    audioBitRate: meta.audioBitRate ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    duration: seconds(row.duration),
    size: row.fileSize,
    status: row.status,
    errorMessage: meta.errorMessage ?? null,
    ownerId: row.ownerId,
    teamId: row.teamId,
    triggerId: row.triggerId,
    triggerPosition: seconds(meta.triggerPositionMs),
    isSegment: row.isSegment,
    parentMediaId: row.parentMediaId,
    segmentStart: seconds(row.segmentStart),
    segmentDuration: seconds(row.segmentDuration),
    sourceUrl: meta.sourceUrl ?? null,
  };
}
