import { describe, expect, it } from 'vitest';
import { bestSlotDb } from './field-score.ts';
import { readsAsSpill, SPILL_DB, spillMarginsDb } from './field-spill.ts';
import { type FieldPlan, planFieldTrigger } from './field-trigger-plan.ts';
import { SpectrumLane } from './spectrum-lane.ts';

const RATE = 6300;
const HOP = 63;
const SLOT_HOPS = 50;
const LEAD_HOPS = 100;
/** The field detector's slot test at 24 triggers: 4 dB. */
const MIN_RATIO = 10 ** 0.4;

const plan = (pattern: number[]): FieldPlan =>
  planFieldTrigger({ id: 'p', frequencyPattern: pattern }, 0, 0.01, RATE, () => true) as FieldPlan;

/**
 * A lane fed 1 s of silence, then one 500 ms slot per entry of `slots` (each a list of tones: Hz
 * and amplitude), then 1 s of silence: the band as a codec leaves it around a played trigger.
 */
function laneWith(slots: [number, number][][], frameSize: number): SpectrumLane {
  const lane = new SpectrumLane({
    rate: RATE,
    frameSize,
    hopSamples: HOP,
    ringHops: 800,
    lowHz: 400,
    highHz: 2250,
  });
  const hops = LEAD_HOPS + slots.length * SLOT_HOPS + LEAD_HOPS;
  for (let hop = 0; hop < hops; hop++) {
    const tones = hop >= LEAD_HOPS ? (slots[Math.floor((hop - LEAD_HOPS) / SLOT_HOPS)] ?? []) : [];
    for (let i = 0; i < HOP; i++) {
      const n = hop * HOP + i;
      let x = 0;
      for (const [hz, amplitude] of tones) x += amplitude * Math.sin((2 * Math.PI * hz * n) / RATE);
      lane.push(x, 0);
    }
    lane.finishHop();
  }
  return lane;
}

const PLAYED = [1450, 1000, 1100, 1450];
/** Another pattern, each tone 300-400 Hz from the played one of its slot (6-8 lines of 50 Hz). */
const OTHER = [1850, 1300, 1400, 1150];
const LOUD = 0.1;
/** The spill's level: 35 dB under the played tone (measured through opus: 29-60 dB). */
const SPILL = LOUD * 10 ** (-35 / 20);
const AT = { start: LEAD_HOPS, slot: SLOT_HOPS, speed: 1 };

describe('readsAsSpill', () => {
  it("reads a pattern whose every tone is a louder played tone's spill as spill, though each reads as a tone", () => {
    const p = plan(OTHER);
    const lane = laneWith(
      PLAYED.map((f, k) => [
        [f, LOUD],
        [OTHER[k] as number, SPILL],
      ]),
      p.frameSize,
    );
    // Over an otherwise empty band, the weak lines stand far above their reference...
    for (let k = 0; k < 4; k++) expect(bestSlotDb(p, [lane], AT, k)).toBeGreaterThan(15);
    // ... and far below the played tone beside them.
    for (const db of spillMarginsDb(p, [lane], AT) ?? []) expect(db).toBeGreaterThan(SPILL_DB);
    expect(readsAsSpill(p, [lane], AT, MIN_RATIO)).toBe(true);
  });

  it('keeps the same weak tones where nothing louder sounds beside them', () => {
    const p = plan(OTHER);
    const lane = laneWith(
      OTHER.map((f) => [[f, SPILL]]),
      p.frameSize,
    );
    expect(readsAsSpill(p, [lane], AT, MIN_RATIO)).toBe(false);
  });

  it('keeps the played pattern itself, and one that has two slots of its own beside the spill', () => {
    const played = plan(PLAYED);
    const both = PLAYED.map((f, k): [number, number][] => [
      [f, LOUD],
      [OTHER[k] as number, k < 2 ? LOUD / 3 : SPILL],
    ]);
    expect(readsAsSpill(played, [laneWith(both, played.frameSize)], AT, MIN_RATIO)).toBe(false);
    const other = plan(OTHER);
    expect(readsAsSpill(other, [laneWith(both, other.frameSize)], AT, MIN_RATIO)).toBe(false);
  });
});
