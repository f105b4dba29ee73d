import { describe, expect, it } from 'vitest';
import { readSlot } from './field-score.ts';
import { readSlotDipTolerant } from './pitch-kept-dip.ts';
import { scorePitchKept } from './pitch-kept-score.ts';
import { LEAD, LIMITS, PATTERN, plan, stretched } from './testing/pitch-kept-lanes.ts';

/** Slots as long as a stretch to tempo 0.8 makes them (625 ms): a frame covers half a slot. */
const SLOT_08 = 62;
const at08 = { start: LEAD, slot: SLOT_08, speed: 1 };
/** The tone drops out for the first `hops` of slot `k` (a stretcher repeating a chunk without it). */
const dipIn =
  (k: number, hops = 24) =>
  (hop: number) =>
    hop >= k * SLOT_08 && hop < k * SLOT_08 + hops;
/** Steadier than a dipped slot reads over all its frames (the plain reading must fail it). */
const STRICT = { ...LIMITS, minSteady: 10 ** -0.1 };

describe('readSlotDipTolerant', () => {
  it('reads a slot whose tone drops out for a third of it as steadier and stronger than the whole slot', () => {
    const lane = stretched(PATTERN, plan.frameSize, SLOT_08, dipIn(2));
    const plain = readSlot(plan, 0, lane, at08, 2);
    const dipped = readSlotDipTolerant(plan, 0, lane, at08, 2);
    expect(dipped?.steady).toBeGreaterThan(plain?.steady ?? 1);
    expect(dipped?.ratio).toBeGreaterThan(plain?.ratio ?? Number.POSITIVE_INFINITY);
    expect(dipped?.peakedHalves).toBe(true);
  });

  it('reads a steady slot within half a dB of the whole slot', () => {
    const lane = stretched(PATTERN, plan.frameSize, SLOT_08);
    const plain = readSlot(plan, 0, lane, at08, 1);
    const dipped = readSlotDipTolerant(plan, 0, lane, at08, 1);
    expect(Math.abs(10 * Math.log10((dipped?.ratio ?? 0) / (plain?.ratio ?? 1)))).toBeLessThan(0.5);
  });

  it('declines a slot with too few frames inside it to leave any out', () => {
    const lane = stretched(PATTERN, plan.frameSize, 36);
    expect(readSlotDipTolerant(plan, 0, lane, { start: LEAD, slot: 36, speed: 1 }, 1)).toBeUndefined();
  });
});

describe('scorePitchKept with a dipped slot', () => {
  it('passes a pattern with one dipped slot that the whole-slot reading fails', () => {
    const lane = stretched(PATTERN, plan.frameSize, SLOT_08, dipIn(2));
    const r = readSlot(plan, 0, lane, at08, 2);
    expect((r?.steady ?? 1) < STRICT.minSteady).toBe(true);
    expect(scorePitchKept(plan, [lane], at08, STRICT)?.pass).toBe(true);
  });

  it('fails a pattern with two dipped slots', () => {
    const both = (hop: number) => dipIn(1)(hop) || dipIn(2)(hop);
    const lane = stretched(PATTERN, plan.frameSize, SLOT_08, both);
    expect(scorePitchKept(plan, [lane], at08, STRICT)?.pass).toBe(false);
  });
});
