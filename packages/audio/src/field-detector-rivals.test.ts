import { describe, expect, it } from 'vitest';
import { embedTrigger } from './embed-trigger.ts';
import { FieldDetector } from './field-detector.ts';
import { synthesizeTrigger } from './synthesize-trigger.ts';
import { pushInBlocks, whiteNoise } from './testing/synthetic-audio.ts';
import type { TriggerSpec } from './types.ts';

const RATE = 44_100;
const SLOT = RATE / 2;
// T24, played one slot after T12 would start, plays T12's 1800 and 600 Hz in T12's slots 1 and 3.
const T12: TriggerSpec = { id: 'T12', frequencyPattern: [1050, 1800, 1050, 600] };
const T24: TriggerSpec = { id: 'T24', frequencyPattern: [1800, 1500, 600, 850] };
const OTHER: TriggerSpec = { id: 'other', frequencyPattern: [600, 900, 1300, 1700] };

/** T24 at 1.5 s in noise, with a programme note at 1050 Hz where T12's slots 0 and 2 would be. */
function t24WithNotes(noteGain: number): Float32Array {
  const at = 1.5 * RATE;
  const audio = embedTrigger(
    whiteNoise(7 * RATE, 0.01, 3),
    synthesizeTrigger({ frequencies: T24.frequencyPattern, sampleRate: RATE }),
    at,
  );
  for (const slot of [-1, 1]) {
    for (let i = 0; i < SLOT; i++) {
      const n = at + slot * SLOT + i;
      audio[n] = (audio[n] as number) + noteGain * Math.sin((2 * Math.PI * 1050 * n) / RATE);
    }
  }
  return audio;
}

describe('field detector: the better-explaining rule', () => {
  it('does not fire a trigger whose pattern a later-ending shifted rival completes with the programme', () => {
    const detector = new FieldDetector({ sampleRate: RATE, triggers: [T12, T24, OTHER] });
    const found = pushInBlocks(t24WithNotes(0.01), 512, (b) => detector.push(b));
    expect(found.map((d) => d.triggerId)).toEqual(['T24']);
  });

  it('still fires the trigger itself, at once, when the rival is not playing', () => {
    const tone = synthesizeTrigger({ frequencies: T12.frequencyPattern, sampleRate: RATE });
    const detector = new FieldDetector({ sampleRate: RATE, triggers: [T12, T24, OTHER] });
    const found = pushInBlocks(embedTrigger(whiteNoise(6 * RATE, 0.01, 4), tone, RATE), 512, (b) =>
      detector.push(b),
    );
    expect(found.map((d) => d.triggerId)).toEqual(['T12']);
    expect(found[0]?.timeSec).toBeLessThan(1 + 2 + 0.5);
  });

  it('tells the dual detector which triggers it heard as another one', () => {
    const detector = new FieldDetector({ sampleRate: RATE, triggers: [T12, T24, OTHER] });
    const found = pushInBlocks(t24WithNotes(0.01), 512, (b) => detector.push(b));
    expect(found.map((d) => d.triggerId)).toEqual(['T24']);
    // T12 as made, ending where T24's slot 2 ends (3.5 s into the stream): T24 sounded its slots 1 and 3.
    expect(detector.heardAsOther('T12', 2.9, 3.6)).toBe(true);
    expect(detector.heardAsOther('T24', 3.0, 4.0)).toBe(false);
    expect(detector.heardAsOther('other', 2.9, 3.6)).toBe(false);
  });
});
