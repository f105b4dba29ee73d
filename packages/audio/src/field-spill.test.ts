import { describe, expect, it } from 'vitest';
import { bestSlotDb } from './field-score.ts';
import { readsAsSpill, SPILL_DB, spillMarginsDb } from './field-spill.ts';
import { SLOT_LANE_LEAD_HOPS, SLOT_LANE_SLOT_HOPS, slotLane, slotLanePlan } from './testing/slot-lane.ts';

/** The field detector's slot test at 24 triggers: 4 dB. */
const MIN_RATIO = 10 ** 0.4;

const PLAYED = [1450, 1000, 1100, 1450];
/** Another pattern, each tone 300-400 Hz from the played one of its slot (6-8 lines of 50 Hz). */
const OTHER = [1850, 1300, 1400, 1150];
const LOUD = 0.1;
/** The spill's level: 35 dB under the played tone (measured through opus: 29-60 dB). */
const SPILL = LOUD * 10 ** (-35 / 20);
const AT = { start: SLOT_LANE_LEAD_HOPS, slot: SLOT_LANE_SLOT_HOPS, speed: 1 };

describe('readsAsSpill', () => {
  it("reads a pattern whose every tone is a louder played tone's spill as spill, though each reads as a tone", () => {
    const p = slotLanePlan(OTHER);
    const lane = slotLane(
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
    const p = slotLanePlan(OTHER);
    const lane = slotLane(
      OTHER.map((f) => [[f, SPILL]]),
      p.frameSize,
    );
    expect(readsAsSpill(p, [lane], AT, MIN_RATIO)).toBe(false);
  });

  it('keeps the played pattern itself, and one that has two slots of its own beside the spill', () => {
    const played = slotLanePlan(PLAYED);
    const both = PLAYED.map((f, k): [number, number][] => [
      [f, LOUD],
      [OTHER[k] as number, k < 2 ? LOUD / 3 : SPILL],
    ]);
    expect(readsAsSpill(played, [slotLane(both, played.frameSize)], AT, MIN_RATIO)).toBe(false);
    const other = slotLanePlan(OTHER);
    expect(readsAsSpill(other, [slotLane(both, other.frameSize)], AT, MIN_RATIO)).toBe(false);
  });
});
