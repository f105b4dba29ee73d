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

// T03 begins with T21's last two tones: played, T21 supplies them, and the programme may supply
// T03's other two after T21 has ended (held-out 3 m music room, from-700 trigger seed 3).
const T21: TriggerSpec = { id: 'T21', frequencyPattern: [1000, 1900, 1650, 1300] };
const T03: TriggerSpec = { id: 'T03', frequencyPattern: [1650, 1300, 1750, 1850] };

/** T21 at 1.5 s in noise with its opening 1000 Hz slot faded out (a room's notch), and weak
 * programme notes at 1750 and 1850 Hz where T03's last two slots would be. */
function t21FadedWithNotes(noteGain: number): Float32Array {
  const at = 1.5 * RATE;
  const tone = synthesizeTrigger({ frequencies: T21.frequencyPattern, sampleRate: RATE });
  tone.fill(0, 0, SLOT);
  const audio = embedTrigger(whiteNoise(8 * RATE, 0.01, 3), tone, at);
  [1750, 1850].forEach((hz, j) => {
    for (let i = 0; i < SLOT; i++) {
      const n = at + (4 + j) * SLOT + i;
      audio[n] = (audio[n] as number) + noteGain * Math.sin((2 * Math.PI * hz * n) / RATE);
    }
  });
  return audio;
}

describe('field detector: a shifted pair beside a faded opening slot', () => {
  it('fires the played trigger, not the rival the programme completes, when its first tone fades', () => {
    // Weighed on its weakest own slot (the faded 1000 Hz), T21 lost to T03's programme notes.
    const detector = new FieldDetector({ sampleRate: RATE, triggers: [T21, T03, OTHER] });
    const found = pushInBlocks(t21FadedWithNotes(0.001), 512, (b) => detector.push(b));
    expect(found.map((d) => d.triggerId)).toEqual(['T21']);
  });

  it('fires neither when the notes bring the rival within the margin', () => {
    const detector = new FieldDetector({ sampleRate: RATE, triggers: [T21, T03, OTHER] });
    const found = pushInBlocks(t21FadedWithNotes(0.002), 512, (b) => detector.push(b));
    expect(found.map((d) => d.triggerId)).toEqual([]);
  });
});
