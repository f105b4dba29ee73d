import { describe, expect, it } from 'vitest';
import { DEFAULT_FIELD_TUNING } from './field-detector.ts';
import { heardAsPlayed, heardSlots } from './field-heard-prefix.ts';
import type { FieldLimits } from './field-score.ts';
import { synthesizeTrigger } from './synthesize-trigger.ts';
import { heardOnLane } from './testing/heard-lane.ts';
import { whiteNoise } from './testing/synthetic-audio.ts';

const RATE = 44_100;
const PATTERN = [1450, 1600, 700, 1900];
const limits: FieldLimits = {
  minRatio: 10 ** (DEFAULT_FIELD_TUNING.minSlotDb / 10),
  minSteady: 10 ** (DEFAULT_FIELD_TUNING.minSteadyDb / 10),
  maxFrequencyErrorBins: DEFAULT_FIELD_TUNING.maxFrequencyErrorBins,
};

/** Noise, then the pattern's first `slots` slots from 1.5 s (50-hop slots), then nothing: the rest not yet heard. */
function played(slots: number, pattern = PATTERN) {
  const tone = synthesizeTrigger({ frequencies: pattern, sampleRate: RATE });
  const audio = whiteNoise(Math.round((1.5 + 0.5 * slots) * RATE), 0.01, 3);
  const from = Math.round(1.5 * RATE);
  for (let i = 0; i < Math.round(0.5 * slots * RATE); i++)
    audio[from + i] = (audio[from + i] as number) + (tone[i] as number);
  return heardOnLane(audio, PATTERN);
}

describe('the slots of a trigger still playing', () => {
  it('lists the slots whose frames have all been heard, at the tones the speed gives', () => {
    const plan = played(0).plan;
    const spans = heardSlots(plan, { start: 150, slot: 50, speed: 1.02 }, 240, 16);
    expect(spans.map((s) => [s.from, s.to, s.hz[0]])).toEqual([[150, 200, 1450 * 1.02]]);
    expect(heardSlots(plan, { start: 150, slot: 50, speed: 1 }, 251, 16)).toHaveLength(2);
  });

  it('reads three played slots as played, not one slot alone, nor a held tone where another is due', () => {
    const { plan, lane, hopSize } = played(3);
    const h = { start: (1.5 * RATE) / hopSize, slot: (0.5 * RATE) / hopSize, speed: 1 };
    const hop = Math.floor((3 * RATE) / hopSize);
    expect(heardSlots(plan, h, hop, lane.frameHops)).toHaveLength(3);
    expect(heardAsPlayed(plan, [lane], h, 3, limits)).toBe(true);
    // Fewer than two slots tell nothing about which trigger it is.
    expect(heardAsPlayed(plan, [lane], h, 1, limits)).toBe(false);
    // Its first tone held through the second slot, where the pattern plays 1600 Hz: not played.
    const held = played(3, [1450, 1450, 700, 1900]);
    expect(heardAsPlayed(held.plan, [held.lane], h, 3, limits)).toBe(false);
  });
});
