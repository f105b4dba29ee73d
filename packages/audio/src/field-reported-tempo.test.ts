import { describe, expect, it } from 'vitest';
import { embedTrigger } from './embed-trigger.ts';
import { reportedTiming } from './field-reported-tempo.ts';
import { tempoOf } from './field-score.ts';
import { heardOnLane } from './testing/heard-lane.ts';
import { ringingPattern, whiteNoise } from './testing/synthetic-audio.ts';

const RATE = 44_100;
const PATTERN = [900, 1400, 700, 1600];
const MADE_MS = 2000;

/**
 * The pattern at `tempo` (slots 1/tempo as long, pitch kept) from 1 s in noise, each tone ringing
 * on after its slot as a room of RT60 `rt60` s leaves it (0: dry).
 */
function played(tempo: number, rt60 = 0): Float32Array {
  const slot = Math.round((MADE_MS / 1000 / tempo / PATTERN.length) * RATE);
  return embedTrigger(whiteNoise(6 * RATE, 0.05, 9), ringingPattern(PATTERN, RATE, slot, rt60), RATE);
}

describe('the tempo a detection reports', () => {
  it('measures a stretch read at the made slot length at the tempo it was played', () => {
    for (const tempo of [0.8, 0.9, 1.1, 1.25]) {
      const { plan, lane, hopSize } = heardOnLane(played(tempo), PATTERN, RATE);
      const start = RATE / hopSize;
      // The reading that passed: tempo 1, from the pattern's first onset or centred on it.
      for (const found of [
        { start, slot: plan.slotHops, speed: 1 },
        {
          start: start + ((plan.slotHops / tempo - plan.slotHops) * PATTERN.length) / 2,
          slot: plan.slotHops,
          speed: 1,
        },
      ]) {
        const timed = reportedTiming(plan, [lane], found);
        expect(Math.abs(tempoOf(plan, timed) / tempo - 1), `tempo ${tempo}`).toBeLessThan(0.03);
      }
    }
  });

  it('keeps tempo 1 in a reverberant room, where the tails lengthen every tone', () => {
    const { plan, lane, hopSize } = heardOnLane(played(1, 1), PATTERN, RATE);
    const found = { start: RATE / hopSize, slot: plan.slotHops, speed: 1 };
    expect(Math.abs(tempoOf(plan, reportedTiming(plan, [lane], found)) - 1)).toBeLessThan(0.03);
  });

  it('reports a speed change at the slot length it was read at (players change one or the other)', () => {
    const { plan, lane, hopSize } = heardOnLane(played(0.8), PATTERN, RATE);
    const found = { start: RATE / hopSize, slot: plan.slotHops / 1.02, speed: 1.02 };
    expect(reportedTiming(plan, [lane], found)).toBe(found);
  });
});
