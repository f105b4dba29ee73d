import { MEDIA_MESSAGES } from '@tonemark/shared';
import { describe, expect, it } from 'vitest';
import { extractBounds, validateExtract, validateLibraryEmbed } from './library-values';

describe('extract bounds', () => {
  it('limits start to length−1 and duration to length−start', () => {
    expect(extractBounds(10, 4)).toEqual({ startMax: 9, durationMax: 6 });
    expect(extractBounds(null, 4)).toEqual({ startMax: undefined, durationMax: undefined });
  });
  it('accepts a cut inside the media and refuses one outside', () => {
    expect(validateExtract(10, 0, 5)).toBeNull();
    expect(validateExtract(10, 9, 1)).toBeNull();
    expect(validateExtract(10, 9.5, 1)).toBe(MEDIA_MESSAGES.segmentOutsideMedia);
    expect(validateExtract(10, 4, 6.5)).toBe(MEDIA_MESSAGES.segmentOutsideMedia);
    expect(validateExtract(10, 0, 0.5)).toBe(MEDIA_MESSAGES.segmentOutsideMedia);
    expect(validateExtract(10, 0, 0)).toBe(MEDIA_MESSAGES.segmentDurationPositive);
  });
});

describe('validateLibraryEmbed', () => {
  const trigger = { publicId: 'tm_trg_1' };
  it('needs media and a trigger with a public ID', () => {
    expect(validateLibraryEmbed({ hasMedia: false, trigger, position: 0, lengthSec: 5 })).toBe(
      MEDIA_MESSAGES.selectMediaAndTrigger,
    );
    expect(validateLibraryEmbed({ hasMedia: true, trigger: null, position: 0, lengthSec: 5 })).toBe(
      MEDIA_MESSAGES.selectMediaAndTrigger,
    );
    expect(
      validateLibraryEmbed({ hasMedia: true, trigger: { publicId: '' }, position: 0, lengthSec: 5 }),
    ).toBe(MEDIA_MESSAGES.triggerWithoutPublicId);
  });
  it('keeps the position within 0..length', () => {
    expect(validateLibraryEmbed({ hasMedia: true, trigger, position: 5, lengthSec: 5 })).toBeNull();
    expect(validateLibraryEmbed({ hasMedia: true, trigger, position: 5.1, lengthSec: 5 })).toBe(
      MEDIA_MESSAGES.startTimeOutsideMedia,
    );
  });
});
