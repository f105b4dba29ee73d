import { describe, expect, it } from 'vitest';
import { FieldDetector } from './field-detector.ts';
import { synthesizeTrigger } from './synthesize-trigger.ts';
import { pushInBlocks, whiteNoise } from './testing/synthetic-audio.ts';
import type { Detection, TriggerSpec } from './types.ts';

const RATE = 44_100;
const LOW: TriggerSpec = { id: 'low', frequencyPattern: [500, 600, 1500, 1800] };
const OTHER: TriggerSpec = { id: 'other', frequencyPattern: [1000, 1300, 1700, 1900] };
const AT = Math.round(3.3 * RATE);

/**
 * LOW at `speed` in steady noise, with a talker's harmonic (`level` times the tone's amplitude)
 * at its first tone's frequency in slots -1, 1 and 2 and at its second tone's in slots -1, 0 and 3:
 * three of each low tone's four reference slots, a third of each slot long. The mean reference then
 * reads over the tone; no one slot is a burst over the others; most frames are clean.
 */
function withTalker(level: number, speed = 1): Detection[] {
  const audio = whiteNoise(Math.round(RATE * 8), 0.05, 5);
  const tone = synthesizeTrigger({
    frequencies: LOW.frequencyPattern.map((f) => f * speed),
    durationMs: 2000 / speed,
    sampleRate: RATE,
  });
  const slot = tone.length / 4;
  for (let i = 0; i < tone.length; i++)
    audio[AT + i] = (audio[AT + i] as number) + 0.15 * (tone[i] as number);
  for (const [k, hz] of [
    [-1, 500],
    [1, 500],
    [2, 500],
    [-1, 600],
    [0, 600],
    [3, 600],
  ] as const) {
    const from = AT + Math.round((k + (hz === 500 ? 0.1 : 0.55)) * slot);
    for (let i = 0; i < Math.round(slot / 3); i++)
      audio[from + i] =
        (audio[from + i] as number) + level * 0.15 * Math.sin((2 * Math.PI * hz * speed * i) / RATE);
  }
  const detector = new FieldDetector({ sampleRate: RATE, triggers: [LOW, OTHER] });
  return pushInBlocks(audio, 512, (b) => detector.push(b));
}

const ids = (ds: Detection[]) => ds.map((d) => d.triggerId);

describe('median room reference', () => {
  it('finds the pattern without a talker at speed 1 and 1.02', () => {
    expect(ids(withTalker(0))).toEqual(['low']);
    expect(ids(withTalker(0, 1.02))).toEqual(['low']);
  });

  it('reads two low slots past a talker in most of their reference slots, at the made speed only', () => {
    // Both low slots fail the mean reference (so no faded slot is excused) and no reference slot
    // is a burst over the others; their median frames read the tone over the noise.
    expect(ids(withTalker(3))).toEqual(['low']);
    expect(ids(withTalker(3, 1.02))).toEqual([]);
  });
});
