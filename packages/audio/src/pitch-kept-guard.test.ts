import { describe, expect, it } from 'vitest';
import { HANDOVER_AGREE_SLOTS, handoverOf, handoverResiduals, tonesHandOver } from './pitch-kept-guard.ts';
import { bestPitchKept, heardTonesPlan, scorePitchKept } from './pitch-kept-score.ts';
import { SpectrumLane } from './spectrum-lane.ts';
import {
  atTruth,
  HOP,
  LANE,
  LEAD,
  LIMITS,
  PATTERN,
  plan,
  planOf,
  RATE,
  SLOT,
} from './testing/pitch-kept-lanes.ts';

/** A sounding note: frequency, first and last hop, amplitude. */
type Note = [hz: number, from: number, to: number, amp: number];

/** A lane holding quiet noise and the notes given (hops), 1 s past the last. */
function laneOf(notes: Note[]): SpectrumLane {
  const lane = new SpectrumLane({ ...LANE, frameSize: plan.frameSize });
  let seed = 11;
  const noise = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31 - 0.5;
  };
  const phases = notes.map(() => 0);
  const end = Math.max(...notes.map((n) => n[2])) + LEAD;
  for (let hop = 0; hop < end; hop++) {
    for (let i = 0; i < HOP; i++) {
      let x = 0.002 * noise();
      notes.forEach(([hz, from, to, amp], n) => {
        if (hop < from || hop >= to) return;
        phases[n] = (phases[n] as number) + (2 * Math.PI * hz) / RATE;
        x += amp * Math.sin(phases[n] as number);
      });
      lane.push(x, 0);
    }
    lane.finishHop();
  }
  return lane;
}

/** One tone per slot, each ending where the next begins: a played trigger, stretched. */
const played = (hz: number[]): Note[] => hz.map((f, k) => [f, LEAD + k * SLOT, LEAD + (k + 1) * SLOT, 0.1]);

describe('tonesHandOver', () => {
  it('hears a stretched pattern hand over at every boundary, its tones a few Hz off the grid', () => {
    const lane = laneOf(played([1450 + 4, 1000 - 4, 1100 + 3, 600 - 2]));
    const heard = heardTonesPlan(plan, [lane], atTruth);
    const residuals = handoverResiduals(heard, [lane], atTruth) ?? [];
    expect(residuals).toHaveLength(3);
    for (const r of residuals) expect(Math.abs(r)).toBeLessThan(2);
    expect(tonesHandOver(heard, [lane], atTruth)).toBe(true);
  });

  it('rejects notes that each ring on, louder, over the next slot: every slot reads, no tone hands over', () => {
    // Music at its own pitch: each note sustained over the next (a pedal), the next note softer.
    const notes: Note[] = PATTERN.map((f, k) => [f, LEAD + k * SLOT, LEAD + (k + 2) * SLOT, 0.1 / 3 ** k]);
    const lane = laneOf(notes);
    expect(scorePitchKept(plan, [lane], atTruth, LIMITS)?.pass).toBe(true);
    const heard = heardTonesPlan(plan, [lane], atTruth);
    expect(handoverResiduals(heard, [lane], atTruth)?.every(Number.isNaN)).toBe(true);
    expect(tonesHandOver(heard, [lane], atTruth)).toBe(false);
    expect(bestPitchKept(plan, [lane], atTruth, LIMITS)).toBeUndefined();
  });

  it('rejects a pattern whose third note changes half a slot late (no single tempo for all four slots)', () => {
    const notes = played(PATTERN);
    const late = SLOT / 2;
    (notes[1] as Note)[2] += late;
    (notes[2] as Note)[1] += late;
    const lane = laneOf(notes);
    const heard = heardTonesPlan(plan, [lane], atTruth);
    const residuals = handoverResiduals(heard, [lane], atTruth) ?? [];
    expect(Number.isNaN(residuals[1])).toBe(true);
    expect(tonesHandOver(heard, [lane], atTruth)).toBe(false);
  });

  it('skips a boundary between two slots that play the same tone', () => {
    const same = [1450, 1000, 1000, 600];
    const twice = planOf(same, 's');
    const lane = laneOf(played(same));
    const heard = heardTonesPlan(twice, [lane], atTruth);
    expect(handoverResiduals(heard, [lane], atTruth)).toHaveLength(2);
    expect(tonesHandOver(heard, [lane], atTruth)).toBe(true);
  });
});

describe('handoverOf', () => {
  it('agrees when every tone changes at one common offset from the timed boundaries', () => {
    // Played 6 hops late as a whole: the timing's start is off, the tempo is not.
    const notes = played(PATTERN).map(([hz, from, to, amp]): Note => [hz, from + 6, to + 6, amp]);
    const lane = laneOf(notes);
    const heard = heardTonesPlan(plan, [lane], atTruth);
    expect(handoverOf(heard, [lane], atTruth)).toBe('agreed');
  });

  it('is loose when the tones hand over within the reach but not at equally spaced times', () => {
    // The middle change a fifth of a slot late: within the third of a slot the guard allows,
    // yet twice the spread one tempo leaves.
    const notes = played(PATTERN);
    const late = Math.round(SLOT / 5);
    (notes[1] as Note)[2] += late;
    (notes[2] as Note)[1] += late;
    expect(late).toBeGreaterThan(2 * HANDOVER_AGREE_SLOTS * SLOT - 1);
    const lane = laneOf(notes);
    const heard = heardTonesPlan(plan, [lane], atTruth);
    expect(tonesHandOver(heard, [lane], atTruth)).toBe(true);
    expect(handoverOf(heard, [lane], atTruth)).toBe('loose');
  });

  it('is none where a boundary does not hand over', () => {
    const notes: Note[] = PATTERN.map((f, k) => [f, LEAD + k * SLOT, LEAD + (k + 2) * SLOT, 0.1 / 3 ** k]);
    const lane = laneOf(notes);
    expect(handoverOf(heardTonesPlan(plan, [lane], atTruth), [lane], atTruth)).toBe('none');
  });
});
