import { describe, expect, it } from 'vitest';
import { readsAsShadow, shadowWaitUntil } from './field-shadow.ts';
import type { SlotSpan } from './field-shifted-rivals.ts';
import { SPILL_DB, spillLines, spillSlots } from './field-spill.ts';
import { SLOT_LANE_LEAD_HOPS, SLOT_LANE_SLOT_HOPS, slotLane, slotLanePlan } from './testing/slot-lane.ts';

/** The field detector's slot test at 24 triggers: 4 dB. */
const MIN_RATIO = 10 ** 0.4;
const S = SLOT_LANE_SLOT_HOPS;
const AT = { start: SLOT_LANE_LEAD_HOPS, slot: S, speed: 1 };
const LOUD = 0.1;
/** 35 dB under the played tone: a codec line's level beside it (opus 96k: 27-60 dB). */
const SPILL = LOUD * 10 ** (-35 / 20);

/**
 * The read pattern, one slot ahead of a played one: slot 0 before the played trigger (empty),
 * slot 1 a weak line 300 Hz beside the played trigger's first tone, slots 2 and 3 its own tones
 * (here the played trigger's second and third tones, as T15's 600 Hz is T07's).
 */
const SHADOW = [750, 1450, 1150, 600];
const PLAYED_FROM_SLOT_1 = [1750, 1150, 600];

function playedWithLine(): ReturnType<typeof slotLane> {
  const slots: [number, number][][] = [
    [],
    [
      [PLAYED_FROM_SLOT_1[0] as number, LOUD],
      [SHADOW[1] as number, SPILL],
    ],
    [[PLAYED_FROM_SLOT_1[1] as number, LOUD]],
    [[PLAYED_FROM_SLOT_1[2] as number, LOUD]],
  ];
  return slotLane(slots, slotLanePlan(SHADOW).frameSize);
}

/** The played trigger as a candidate reads it (hops, Hz): slots 1-3 of the read pattern and one after. */
const playedSlots = (hz: number[]): SlotSpan[] =>
  hz.map((f, j) => ({ from: AT.start + (j + 1) * S, to: AT.start + (j + 2) * S, hz: [f] }));

describe('spillSlots', () => {
  it('finds the slot that stands under a louder line, and that line, when only the faded-slot excuse and the spill carry the reading', () => {
    const p = slotLanePlan(SHADOW);
    const lane = playedWithLine();
    const lines = spillLines(p, [lane], AT) ?? [];
    expect(lines[1]?.db).toBeGreaterThan(SPILL_DB);
    expect(Math.abs((lines[1]?.lineHz ?? 0) - (PLAYED_FROM_SLOT_1[0] as number))).toBeLessThan(lane.binHz);
    const spill = spillSlots(p, [lane], AT, MIN_RATIO) ?? [];
    expect(spill).toHaveLength(1);
    expect(spill[0]?.from).toBe(AT.start + S);
  });

  it('finds none where the reading stands on all its slots but one', () => {
    const p = slotLanePlan(SHADOW);
    const slots: [number, number][][] = [
      [[SHADOW[0] as number, LOUD]],
      [
        [PLAYED_FROM_SLOT_1[0] as number, LOUD],
        [SHADOW[1] as number, SPILL],
      ],
      [[SHADOW[2] as number, LOUD]],
      [[SHADOW[3] as number, LOUD]],
    ];
    expect(spillSlots(p, [slotLane(slots, p.frameSize)], AT, MIN_RATIO)).toEqual([]);
  });
});

describe('readsAsShadow', () => {
  const p = slotLanePlan(SHADOW);
  const spill = spillSlots(p, [playedWithLine()], AT, MIN_RATIO) ?? [];
  const tolerance = 3 * playedWithLine().binHz;

  it('reads the pattern as the shadow of a trigger read over the same frames that plays the line', () => {
    expect(readsAsShadow(spill, playedSlots(PLAYED_FROM_SLOT_1), tolerance)).toBe(true);
  });

  it("keeps it where the line is the programme's: no trigger read there, or one on other tones or at other times", () => {
    expect(readsAsShadow(spill, [], tolerance)).toBe(false);
    expect(readsAsShadow(spill, playedSlots([1950, 1150, 600]), tolerance)).toBe(false);
    const later = playedSlots(PLAYED_FROM_SLOT_1).map((x) => ({ ...x, from: x.from + S, to: x.to + S }));
    expect(readsAsShadow(spill, later, tolerance)).toBe(false);
  });

  it('reads nothing as a shadow without spill slots (a played trigger beside another one)', () => {
    expect(readsAsShadow([], playedSlots(PLAYED_FROM_SLOT_1), tolerance)).toBe(false);
  });
});

describe('shadowWaitUntil', () => {
  it('waits until a trigger whose first slot is the last spill slot would have ended and been read', () => {
    const spill = [
      { from: 100, to: 150, lineHz: 1000 },
      { from: 200, to: 250, lineHz: 1000 },
    ];
    expect(shadowWaitUntil(spill, 4, 50, 1.1, 16)).toBe(Math.ceil(250 + 3 * 50 * 1.1 + 16 + 1));
  });
});
