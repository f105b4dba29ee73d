import { describe, expect, it } from 'vitest';
import { formatBytes, formatSeconds } from './format-media';

describe('formatBytes', () => {
  it('reads bytes, kilobytes and megabytes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(100 * 1024 * 1024)).toBe('100 MB');
    expect(formatBytes(null)).toBe('—');
  });
});

describe('formatSeconds', () => {
  it('reads minutes and tenths', () => {
    expect(formatSeconds(75.44)).toBe('1:15.4');
    expect(formatSeconds(5)).toBe('0:05.0');
    expect(formatSeconds(Number.NaN)).toBe('—');
  });
});
