import type { EmbedResult, SegmentResult } from '@tonemark/shared';
import type { MediaFileRow, TriggerRow } from '../../db/schema.ts';
import { toMediaFile } from './serialize-media.ts';

/** What deriveMedia made: the new file and the warnings about it. */
export interface DerivedFile {
  row: MediaFileRow;
  warnings: string[];
}

/** SPEC §3.3 embed result, plus the new media file for the library. */
export function toEmbedResult(
  derived: DerivedFile,
  originalUrl: string,
  trigger: TriggerRow,
  atSec: number,
): EmbedResult {
  const media = toMediaFile(derived.row);
  return {
    id: media.id,
    originalMediaUrl: originalUrl,
    embeddedMediaUrl: media.url,
    downloadUrl: media.downloadUrl,
    triggerId: trigger.id,
    embedPosition: atSec,
    createdAt: media.createdAt,
    status: media.status,
    warnings: derived.warnings,
    media,
  };
}

/** SPEC §3.3 segment result. */
export function toSegmentResult(derived: DerivedFile, trigger: TriggerRow, atSec: number): SegmentResult {
  const media = toMediaFile(derived.row);
  return {
    id: media.id,
    embeddedMediaUrl: media.url,
    downloadUrl: media.downloadUrl,
    segmentStart: media.segmentStart ?? 0,
    segmentDuration: media.segmentDuration ?? 0,
    triggerPosition: atSec,
    triggerId: trigger.id,
    parentMediaId: media.parentMediaId,
    createdAt: media.createdAt,
    status: media.status,
    warnings: derived.warnings,
    media,
  };
}
