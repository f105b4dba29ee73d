import { MEDIA_MESSAGES } from '@tonemark/shared';

/**
 * SPEC §5 extract bounds: start 0..length−1, duration 1..length−start. An unknown length (not
 * probed yet) leaves the upper bounds to the server.
 */
export function extractBounds(lengthSec: number | null, start: number) {
  const known = lengthSec !== null && Number.isFinite(lengthSec) && lengthSec > 0;
  return {
    startMax: known ? Math.max(0, Math.floor((lengthSec - 1) * 10) / 10) : undefined,
    durationMax: known ? Math.max(1, Math.floor((lengthSec - Math.max(0, start)) * 10) / 10) : undefined,
  };
}

export function validateExtract(lengthSec: number | null, start: number, duration: number): string | null {
  if (!(duration > 0)) return MEDIA_MESSAGES.segmentDurationPositive;
  const { startMax, durationMax } = extractBounds(lengthSec, start);
  const startOk = start >= 0 && (startMax === undefined || start <= startMax);
  const durationOk = duration >= 1 && (durationMax === undefined || duration <= durationMax);
  return startOk && durationOk ? null : MEDIA_MESSAGES.segmentOutsideMedia;
}

/** SPEC §5 library embed: media and trigger, a trigger publicId, position 0..length. */
export function validateLibraryEmbed(input: {
  hasMedia: boolean;
  trigger: { publicId: string } | null;
  position: number;
  lengthSec: number | null;
}): string | null {
  if (!input.hasMedia || input.trigger === null) return MEDIA_MESSAGES.selectMediaAndTrigger;
  if (input.trigger.publicId.trim() === '') return MEDIA_MESSAGES.triggerWithoutPublicId;
  const max = input.lengthSec ?? Number.POSITIVE_INFINITY;
  if (!(input.position >= 0 && input.position <= max)) return MEDIA_MESSAGES.startTimeOutsideMedia;
  return null;
}
