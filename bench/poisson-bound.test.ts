import { describe, expect, it } from 'vitest';
import { poissonUpperPerHour } from './poisson-bound.ts';

describe('poissonUpperPerHour', () => {
  it('gives the exact Poisson upper bounds at 95 %', () => {
    // Zero events: -ln(0.05) = 2.996 per observed span.
    expect(poissonUpperPerHour(0, 1)).toBeCloseTo(2.996, 2);
    expect(poissonUpperPerHour(0, 2)).toBeCloseTo(1.498, 2);
    // One event: P(X <= 1 | 4.744) = 0.05.
    expect(poissonUpperPerHour(1, 1)).toBeCloseTo(4.744, 2);
    expect(poissonUpperPerHour(5, 1)).toBeCloseTo(10.513, 2);
  });
});
