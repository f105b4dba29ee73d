import { describe, expect, it } from 'vitest';
import { readSlot } from './field-score.ts';
import { scorePitchKept } from './pitch-kept-score.ts';
import { readSlotSpread } from './pitch-kept-spread.ts';
import { SpectrumLane } from './spectrum-lane.ts';
import { HOP, LANE, LEAD, LIMITS, PATTERN, plan, RATE } from './testing/pitch-kept-lanes.ts';

/** Slots as long as a stretch to tempo 0.8 makes them (625 ms). */
const SLOT_08 = 62;
const at08 = { start: LEAD, slot: SLOT_08, speed: 1 };

/**
 * A lane holding the pattern at tempo 0.8, where each slot of `ks` has its tone is spliced as a stretcher splices
 * grains: its phase jumps by half a turn every `grainMs` (so inside one 320 ms frame the grains
 * cancel at the tone's own frequency), and it sounds at `offsetHz` from its grid tone.
 */
function spliced(ks: readonly number[], grainMs = 55, offsetHz = 0): SpectrumLane {
  const lane = new SpectrumLane({ ...LANE, frameSize: plan.frameSize });
  let seed = 7;
  const noise = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31 - 0.5;
  };
  const grain = Math.round((grainMs / 1000) * RATE);
  let phase = 0;
  let n = 0;
  for (let hop = 0; hop < LEAD + PATTERN.length * SLOT_08 + LEAD; hop++) {
    const slot = Math.floor((hop - LEAD) / SLOT_08);
    const grid = hop >= LEAD ? PATTERN[slot] : undefined;
    const odd = ks.includes(slot);
    const hz = grid === undefined ? undefined : grid + (odd ? offsetHz : 0);
    for (let i = 0; i < HOP; i++, n++) {
      phase += hz === undefined ? 0 : (2 * Math.PI * hz) / RATE;
      const flip = odd && Math.floor(n / grain) % 2 === 1 ? Math.PI : 0;
      lane.push((hz === undefined ? 0 : 0.1 * Math.sin(phase + flip)) + 0.002 * noise(), 0);
    }
    lane.finishHop();
  }
  return lane;
}

describe('readSlotSpread', () => {
  it('reads a tone whose grains jump phase, which the two-bin reading loses', () => {
    const lane = spliced([2]);
    const plain = readSlot(plan, 0, lane, at08, 2);
    const spread = readSlotSpread(plan, 0, lane, at08, 2);
    // Half-turn jumps every 55 ms put the tone's power in sidebands +-9 Hz off: no peak at its bins.
    expect(
      plain?.peakedHalves && (plain?.errorBins ?? Number.POSITIVE_INFINITY) <= LIMITS.maxFrequencyErrorBins,
    ).toBe(false);
    expect(spread?.peakedHalves).toBe(true);
    expect(spread?.errorBins).toBe(0);
    expect(spread?.ratio).toBeGreaterThan(LIMITS.minRatio * 4);
  });

  it('fails a steady tone 10 Hz off the grid (a note beside it, not a stretched tone)', () => {
    const lane = spliced([]);
    // A steady tone (no jumps) 10 Hz above slot 2's grid tone.
    const off = spliced([2], 1e9, 10);
    expect(readSlotSpread(plan, 0, lane, at08, 2)?.errorBins).toBe(0);
    expect(readSlotSpread(plan, 0, off, at08, 2)?.errorBins).toBe(Number.POSITIVE_INFINITY);
  });

  it('reads a slot whose tone is absent under the per-slot minimum', () => {
    const lane = spliced([]);
    const silentSlot = { ...at08, start: LEAD - 4 * SLOT_08 };
    expect(readSlotSpread(plan, 0, lane, silentSlot, 3)?.ratio ?? 0).toBeLessThan(LIMITS.minRatio);
  });
});

describe('scorePitchKept with a spliced slot', () => {
  it('passes a pattern with one spliced slot', () => {
    expect(scorePitchKept(plan, [spliced([2])], at08, LIMITS)?.pass).toBe(true);
  });

  it('fails a pattern with two spliced slots (one slot only is read spread)', () => {
    expect(scorePitchKept(plan, [spliced([1, 2])], at08, LIMITS)?.pass).toBe(false);
  });
});
