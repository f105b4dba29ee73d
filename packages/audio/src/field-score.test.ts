import { describe, expect, it } from 'vitest';
import { readSlot } from './field-score.ts';
import type { FieldPlan } from './field-trigger-plan.ts';
import type { SpectrumLane } from './spectrum-lane.ts';
import {
  slotLanePlan as plan,
  SLOT_LANE_LEAD_HOPS,
  SLOT_LANE_SLOT_HOPS,
  slotLane,
} from './testing/slot-lane.ts';

/** A lane of one 0.1-amplitude tone per 500 ms slot (testing/slot-lane.ts). */
const laneWith = (tones: number[], frameSize: number): SpectrumLane =>
  slotLane(
    tones.map((hz) => [[hz, 0.1]]),
    frameSize,
  );

const slotDb = (p: FieldPlan, lane: SpectrumLane, k: number) =>
  10 *
  Math.log10(
    readSlot(
      p,
      0,
      lane,
      { start: SLOT_LANE_LEAD_HOPS + SLOT_LANE_SLOT_HOPS, slot: SLOT_LANE_SLOT_HOPS, speed: 1 },
      k,
    )?.ratio ?? 0,
  );

describe('readSlot reference', () => {
  it("ignores the slot before the pattern when it may hold the same trigger's last tone (back to back)", () => {
    // The pattern 1450-1000-1100-1450 played right after itself: the slot before holds 1450 Hz.
    const p = plan([1450, 1000, 1100, 1450]);
    const lane = laneWith([1450, 1450, 1000, 1100, 1450], p.frameSize);
    expect(slotDb(p, lane, 0)).toBeGreaterThan(15);
    expect(slotDb(p, lane, 3)).toBeGreaterThan(15);
  });

  it('keeps it as a reference for a tone the pattern does not end on', () => {
    // 1450 Hz sounding just before a pattern that starts, but does not end, on 1450 Hz.
    const p = plan([1450, 1000, 1100, 1300]);
    const lane = laneWith([1450, 1450, 1000, 1100, 1300], p.frameSize);
    expect(slotDb(p, lane, 0)).toBeLessThan(7);
  });
});
