import { describe, expect, it } from 'vitest';
import { detectionQuality } from './detection-quality.ts';

describe('detectionQuality', () => {
  it('names the level in words and keeps the dB figure', () => {
    expect(detectionQuality(66.3).text).toBe('Excellent signal · 66.3 dB');
    expect(detectionQuality(31.25).text).toBe('Good signal · 31.3 dB');
    expect(detectionQuality(15).level).toBe('fair');
    expect(detectionQuality(11).text).toBe('Weak signal · 11.0 dB');
    expect(detectionQuality(-3).level).toBe('weak');
  });
});
