import { describe, expect, it } from 'vitest';
import { readSlot } from './field-score.ts';
import { type FieldPlan, planFieldTrigger } from './field-trigger-plan.ts';
import { SpectrumLane } from './spectrum-lane.ts';

const RATE = 6300;
const HOP = 63;
const SLOT_HOPS = 50;

/** A lane fed 1 s of silence, then `tones` (one per 500 ms slot), then 1 s of silence. */
function laneWith(tones: number[], frameSize: number): SpectrumLane {
  const lane = new SpectrumLane({
    rate: RATE,
    frameSize,
    hopSamples: HOP,
    ringHops: 800,
    lowHz: 400,
    highHz: 2250,
  });
  const hops = 100 + tones.length * SLOT_HOPS + 100;
  for (let hop = 0; hop < hops; hop++) {
    const slot = Math.floor((hop - 100) / SLOT_HOPS);
    const hz = hop >= 100 ? tones[slot] : undefined;
    for (let i = 0; i < HOP; i++) {
      const n = hop * HOP + i;
      lane.push(hz === undefined ? 0 : 0.1 * Math.sin((2 * Math.PI * hz * n) / RATE), 0);
    }
    lane.finishHop();
  }
  return lane;
}

const plan = (pattern: number[]): FieldPlan =>
  planFieldTrigger({ id: 'p', frequencyPattern: pattern }, 0, 0.01, RATE, () => true) as FieldPlan;

const slotDb = (p: FieldPlan, lane: SpectrumLane, k: number) =>
  10 * Math.log10(readSlot(p, 0, lane, { start: 100 + SLOT_HOPS, slot: SLOT_HOPS, speed: 1 }, k)?.ratio ?? 0);

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
