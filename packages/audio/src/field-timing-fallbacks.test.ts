import { describe, expect, it } from 'vitest';
import { embedTrigger } from './embed-trigger.ts';
import { nudgedTimings, othersClear } from './field-timing-fallbacks.ts';
import { synthesizeTrigger } from './synthesize-trigger.ts';
import { heardLane } from './testing/heard-lane.ts';
import { whiteNoise } from './testing/synthetic-audio.ts';

const RATE = 44_100;
const PATTERN = [900, 1400, 700, 1600];

/** The lane after hearing `audio`, and the trigger's plan on it. */
const heard = (audio: Float32Array) => heardLane(audio, PATTERN, RATE);

/** The trigger at 1 s in noise, with the tones of the slots in `weak` played 30 dB quieter. */
function played(weak: number[]): Float32Array {
  const tone = synthesizeTrigger({ frequencies: PATTERN, sampleRate: RATE });
  const slot = tone.length / PATTERN.length;
  for (const k of weak) for (let i = k * slot; i < (k + 1) * slot; i++) tone[i] = (tone[i] as number) * 0.03;
  return embedTrigger(whiteNoise(4 * RATE, 0.05, 9), tone, RATE);
}

describe('field timing fallbacks', () => {
  it('nudges the start a quarter frame each way and keeps slot length and speed', () => {
    const h = { start: 1000, slot: 52.6, speed: 0.95 };
    expect(nudgedTimings(h, 32)).toEqual([
      { start: 992, slot: 52.6, speed: 0.95 },
      { start: 1008, slot: 52.6, speed: 0.95 },
    ]);
  });

  it.each([
    [[], true],
    [[2], true],
    [[1, 2], false],
  ])('asks every slot but the weakest to read >= 12 dB (weak slots %j: %s)', (weak, clear) => {
    const { plan, lane, hopSize } = heard(played(weak));
    const h = { start: RATE / hopSize, slot: plan.slotHops, speed: 1 };
    expect(othersClear(plan, [lane], h)).toBe(clear);
  });
});
