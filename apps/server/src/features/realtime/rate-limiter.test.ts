import { describe, expect, it } from 'vitest';
import { WindowRateLimiter } from './rate-limiter.ts';

describe('WindowRateLimiter', () => {
  it('allows max calls per window per key, then resets', () => {
    let now = 0;
    const limiter = new WindowRateLimiter(2, 1000, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a'), limiter.take('b')]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    now = 1000;
    expect(limiter.take('a')).toBe(true);
  });
});
