import { describe, expect, it } from 'vitest';
import { timingScore } from './field-score.ts';
import { heardOnLane } from './testing/heard-lane.ts';
import { whiteNoise } from './testing/synthetic-audio.ts';

const RATE = 44_100;
const PATTERN = [900, 1400, 700, 1600];
const SLOT_SEC = 0.5;
const START_SEC = 1;

/** The lane after hearing `audio`, and the trigger's plan on it. */
const heard = (audio: Float32Array) => heardOnLane(audio, PATTERN, RATE);

/**
 * The pattern at 1 s in light noise, each tone at its own level and ringing on after its slot as a
 * room's tail does (60 dB per `rt60Sec`): the loud tone's tail covers the quiet next tone's start.
 */
function reverberant(levels: number[], rt60Sec: number): Float32Array {
  const out = whiteNoise(5 * RATE, 0.002, 3);
  const slot = SLOT_SEC * RATE;
  PATTERN.forEach((hz, k) => {
    const from = START_SEC * RATE + k * slot;
    for (let i = from; i < out.length; i++) {
      const after = Math.max(0, i - from - slot) / RATE;
      const amplitude = (levels[k] as number) * 10 ** ((-3 * after) / rt60Sec);
      if (amplitude < 1e-5) break;
      out[i] = (out[i] as number) + amplitude * Math.sin((2 * Math.PI * hz * (i - from)) / RATE);
    }
  });
  return out;
}

/** The pattern's timing score at the timing it was played, read by onsets or in/out. */
function playedTiming(audio: Float32Array, onsetsOnly: boolean): number {
  const { plan, lane, hopSize } = heard(audio);
  const h = { start: (START_SEC * RATE) / hopSize, slot: plan.slotHops, speed: 1 };
  const db = timingScore(plan, [lane], h, onsetsOnly);
  if (db === undefined) throw new Error('timing not read');
  return db;
}

describe('timingScore by onsets', () => {
  const dry = reverberant([0.2, 0.2, 0.2, 0.2], 0.01);
  const room = reverberant([0.2, 0.2, 0.2, 0.2], 1);

  it('leaves out the time after each slot, where a room (RT60 1 s) rings the tone on', () => {
    // The in/out reading counts each tone's tail against its slot; the onset reading does not.
    expect(playedTiming(dry, false) - playedTiming(room, false)).toBeGreaterThan(3);
    expect(Math.abs(playedTiming(dry, true) - playedTiming(room, true))).toBeLessThan(1);
  });

  it('still reads a tone that starts before its slot (an early timing) against it', () => {
    const { plan, lane, hopSize } = heard(dry);
    const played = { start: (START_SEC * RATE) / hopSize, slot: plan.slotHops, speed: 1 };
    const late = { ...played, start: played.start + 0.3 * plan.slotHops };
    expect(
      (timingScore(plan, [lane], played, true) ?? 0) - (timingScore(plan, [lane], late, true) ?? 0),
    ).toBeGreaterThan(3);
  });
});
