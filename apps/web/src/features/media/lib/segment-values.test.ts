import { MEDIA_MESSAGES } from '@tonemark/shared';
import { describe, expect, it } from 'vitest';
import {
  readSeconds,
  type SegmentFormInput,
  segmentBar,
  segmentDefaults,
  validateSegmentForm,
} from './segment-values';

const valid: SegmentFormInput = {
  source: 'url',
  mediaUrl: 'https://example.com/a.mp3',
  hasFile: false,
  triggerId: 1,
  segmentDuration: 5,
  triggerPosition: 2.5,
};

describe('segmentDefaults', () => {
  it('uses min(5, length) and min(2.5, length / 2)', () => {
    expect(segmentDefaults(60)).toEqual({ segmentDuration: 5, triggerPosition: 2.5 });
    expect(segmentDefaults(3)).toEqual({ segmentDuration: 3, triggerPosition: 1.5 });
    expect(segmentDefaults(4.33)).toEqual({ segmentDuration: 4.3, triggerPosition: 2.2 });
  });
  it('keeps the plain defaults for an unknown length', () => {
    expect(segmentDefaults(Number.NaN)).toEqual({ segmentDuration: 5, triggerPosition: 2.5 });
    expect(segmentDefaults(Number.POSITIVE_INFINITY)).toEqual({ segmentDuration: 5, triggerPosition: 2.5 });
  });
});

describe('validateSegmentForm', () => {
  it('accepts a complete form', () => {
    expect(validateSegmentForm(valid)).toBeNull();
  });
  it('gives the SPEC §5 message for each missing or wrong field', () => {
    expect(validateSegmentForm({ ...valid, mediaUrl: '  ' })).toBe(MEDIA_MESSAGES.enterMediaUrl);
    expect(validateSegmentForm({ ...valid, source: 'file' })).toBe(MEDIA_MESSAGES.selectMediaFile);
    expect(validateSegmentForm({ ...valid, triggerId: null })).toBe(MEDIA_MESSAGES.selectTrigger);
    expect(validateSegmentForm({ ...valid, segmentDuration: 0 })).toBe(
      MEDIA_MESSAGES.segmentDurationPositive,
    );
    expect(validateSegmentForm({ ...valid, segmentDuration: Number.NaN })).toBe(
      MEDIA_MESSAGES.segmentDurationPositive,
    );
    expect(validateSegmentForm({ ...valid, triggerPosition: 5.1 })).toBe(
      MEDIA_MESSAGES.triggerPositionInSegment,
    );
    expect(validateSegmentForm({ ...valid, triggerPosition: -0.1 })).toBe(
      MEDIA_MESSAGES.triggerPositionInSegment,
    );
  });
  it('allows the trigger exactly at either end of the segment', () => {
    expect(validateSegmentForm({ ...valid, triggerPosition: 0 })).toBeNull();
    expect(validateSegmentForm({ ...valid, triggerPosition: 5 })).toBeNull();
  });
});

describe('segmentBar', () => {
  it('places the segment and marker in percent of the media', () => {
    expect(segmentBar(20, 5, 5, 2.5)).toEqual({ left: 25, width: 25, marker: 37.5 });
  });
  it('clips a segment that runs past the end', () => {
    expect(segmentBar(10, 8, 5, 4)).toEqual({ left: 80, width: 20, marker: 100 });
  });
  it('has nothing to draw without a length', () => {
    expect(segmentBar(0, 0, 5, 2.5)).toBeNull();
  });
});

describe('readSeconds', () => {
  it('reads numbers and leaves blanks as NaN', () => {
    expect(readSeconds('2.5')).toBe(2.5);
    expect(readSeconds('')).toBeNaN();
  });
});
