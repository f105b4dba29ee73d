import { describe, expect, it } from 'vitest';
import { nudgedTimings } from './field-timing-fallbacks.ts';

describe('nudgedTimings', () => {
  it('moves the start a quarter frame each way and keeps slot length and speed', () => {
    const h = { start: 1000, slot: 52.6, speed: 0.95 };
    expect(nudgedTimings(h, 32)).toEqual([
      { start: 992, slot: 52.6, speed: 0.95 },
      { start: 1008, slot: 52.6, speed: 0.95 },
    ]);
  });
});
