import { describe, expect, it } from 'vitest';
import { OFF_GRID_HZ, toneOffsetHz, tonesAllOffGrid } from './pitch-kept-off-grid.ts';
import { STRETCH_SLOT_HZ } from './pitch-kept-reach.ts';
import { bestPitchKept } from './pitch-kept-score.ts';
import { atTruth, LIMITS, plan, stretched } from './testing/pitch-kept-lanes.ts';

/** Every tone between OFF_GRID_HZ and STRETCH_SLOT_HZ off its grid tone: music near the grid. */
const ALL_OFF = [1450 + 4, 1000 - 4, 1100 + 3.6, 600 - 4.4];
/** The same with one tone near its grid tone, as a stretcher leaves at least one. */
const ONE_NEAR = [1450 + 1, 1000 - 4, 1100 + 3.6, 600 - 4.4];

describe('toneOffsetHz', () => {
  it("measures each slot's tone where it is heard, to a fraction of a Hz", () => {
    const lane = stretched(ALL_OFF, plan.frameSize);
    ALL_OFF.forEach((hz, k) => {
      const nominal = plan.bands[0]?.tones[k] as number;
      expect(Math.abs((toneOffsetHz(plan, [lane], atTruth, k) ?? 0) - (hz - nominal))).toBeLessThan(0.5);
    });
  });
});

describe('tonesAllOffGrid', () => {
  it('tells four far-off tones from a set with one near its grid tone', () => {
    expect(OFF_GRID_HZ).toBeLessThan(STRETCH_SLOT_HZ);
    expect(tonesAllOffGrid(plan, [stretched(ALL_OFF, plan.frameSize)], atTruth)).toBe(true);
    expect(tonesAllOffGrid(plan, [stretched(ONE_NEAR, plan.frameSize)], atTruth)).toBe(false);
  });
});

describe('bestPitchKept with tones off the grid', () => {
  it('finds no stretch where every tone reads far off its grid tone, and finds one where one is near', () => {
    expect(bestPitchKept(plan, [stretched(ALL_OFF, plan.frameSize)], atTruth, LIMITS)).toBeUndefined();
    expect(bestPitchKept(plan, [stretched(ONE_NEAR, plan.frameSize)], atTruth, LIMITS)?.score.pass).toBe(
      true,
    );
  });
});
