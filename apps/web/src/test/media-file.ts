import type { MediaFile } from '@tonemark/shared';

/** A ready library item as GET /api/media answers it; a test overrides what it is about. */
export function mediaFile(overrides: Partial<MediaFile> = {}): MediaFile {
  const id = overrides.id ?? 7;
  return {
    id,
    title: 'Summer jingle',
    description: null,
    fileType: 'audio',
    url: `/api/media/${id}/file`,
    downloadUrl: `/api/media/${id}/download`,
    publicId: `media-${id}`,
    contentType: 'audio/mpeg',
    audioBitRate: 128_000,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    duration: 3,
    size: 2048,
    status: 'ready',
    errorMessage: null,
    ownerId: 1,
    teamId: null,
    triggerId: null,
    triggerPosition: null,
    isSegment: false,
    parentMediaId: null,
    segmentStart: null,
    segmentDuration: null,
    sourceUrl: null,
    ...overrides,
  };
}
