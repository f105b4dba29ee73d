import { describe, expect, it } from 'vitest';
import { levelBars } from './level-bars';

describe('levelBars', () => {
  it('gives 24 levels in [0, 1], silent for silence', () => {
    expect(levelBars(new Uint8Array(256))).toEqual(new Array(24).fill(0));
    const full = levelBars(new Uint8Array(256).fill(255));
    expect(full).toHaveLength(24);
    expect(full.every((level) => level === 1)).toBe(true);
  });

  it('lights the bar that holds a loud bin', () => {
    const bins = new Uint8Array(256);
    bins[40] = 200;
    const levels = levelBars(bins);
    expect(levels.filter((level) => level > 0)).toHaveLength(1);
    expect(Math.max(...levels)).toBeCloseTo(200 / 255);
  });
});
