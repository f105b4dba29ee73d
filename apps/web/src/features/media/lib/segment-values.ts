import { DEFAULT_SEGMENT_DURATION_S, DEFAULT_TRIGGER_POSITION_S, MEDIA_MESSAGES } from '@tonemark/shared';

/** SPEC §5 input minimums of the segment tool. */
export const SEGMENT_START_MIN = 0;
export const SEGMENT_DURATION_MIN = 0.5;
export const TRIGGER_POSITION_MIN = 0;
export const SEGMENT_STEP = 0.1;

/** Rounds to the 0.1 s step the inputs use, so a playback position like 3.2666 reads 3.3. */
export function toStep(seconds: number): number {
  return Math.round(seconds * 10) / 10;
}

/**
 * SPEC §5: loading a preview sets the duration to min(5, length) and the trigger position to
 * min(2.5, length / 2). An unknown length (live stream, NaN) keeps the plain defaults.
 */
export function segmentDefaults(lengthSec: number): { segmentDuration: number; triggerPosition: number } {
  if (!Number.isFinite(lengthSec) || lengthSec <= 0) {
    return { segmentDuration: DEFAULT_SEGMENT_DURATION_S, triggerPosition: DEFAULT_TRIGGER_POSITION_S };
  }
  return {
    segmentDuration: toStep(Math.min(DEFAULT_SEGMENT_DURATION_S, lengthSec)),
    triggerPosition: toStep(Math.min(DEFAULT_TRIGGER_POSITION_S, lengthSec / 2)),
  };
}

export interface SegmentFormInput {
  source: 'url' | 'file';
  mediaUrl: string;
  hasFile: boolean;
  triggerId: number | null;
  segmentDuration: number;
  triggerPosition: number;
}

/** The first SPEC §5 rule the input breaks, in the order a person fills the form; null when valid. */
export function validateSegmentForm(input: SegmentFormInput): string | null {
  if (input.source === 'url' && input.mediaUrl.trim() === '') return MEDIA_MESSAGES.enterMediaUrl;
  if (input.source === 'file' && !input.hasFile) return MEDIA_MESSAGES.selectMediaFile;
  if (input.triggerId === null) return MEDIA_MESSAGES.selectTrigger;
  if (!(input.segmentDuration > 0)) return MEDIA_MESSAGES.segmentDurationPositive;
  if (!(input.triggerPosition >= 0 && input.triggerPosition <= input.segmentDuration)) {
    return MEDIA_MESSAGES.triggerPositionInSegment;
  }
  return null;
}

/** Where the segment and trigger sit on a bar of the whole media, in percent of its length. */
export function segmentBar(
  lengthSec: number,
  segmentStart: number,
  segmentDuration: number,
  triggerPosition: number,
): { left: number; width: number; marker: number } | null {
  if (!Number.isFinite(lengthSec) || lengthSec <= 0) return null;
  const pct = (sec: number) => Math.min(100, Math.max(0, (sec / lengthSec) * 100));
  const left = pct(segmentStart);
  const width = Math.max(0, pct(segmentStart + Math.max(0, segmentDuration)) - left);
  return { left, width, marker: pct(segmentStart + triggerPosition) };
}

/** Text from a number input; blank or junk reads as NaN so validation, not coercion, decides. */
export function readSeconds(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}
