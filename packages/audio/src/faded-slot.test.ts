import { describe, expect, it } from 'vitest';
import { embedTrigger } from './embed-trigger.ts';
import { excusedSlotRatio, FADED_SLOT_SPEED_SPAN, mayExcuseFadedSlot } from './faded-slot.ts';
import { FieldDetector } from './field-detector.ts';
import { synthesizeTrigger } from './synthesize-trigger.ts';
import { pushInBlocks, whiteNoise } from './testing/synthetic-audio.ts';
import type { Detection, TriggerSpec } from './types.ts';

const RATE = 44_100;
const A: TriggerSpec = { id: 'a', frequencyPattern: [1000, 1200, 1500, 1800] };
const B: TriggerSpec = { id: 'b', frequencyPattern: [600, 900, 1300, 1700] };

/** Trigger A with the tones of `slots` gone (under the noise), as a room's notch at a tone leaves
 * it; at `speed`, its tones and slots scaled together (a player running fast). */
function fadedTone(slots: number[], speed = 1): Float32Array {
  const tone = synthesizeTrigger({
    frequencies: A.frequencyPattern.map((f) => f * speed),
    durationMs: 2000 / speed,
    sampleRate: RATE,
  });
  const slotLength = tone.length / A.frequencyPattern.length;
  for (const k of slots) {
    for (let i = Math.round(k * slotLength); i < Math.round((k + 1) * slotLength); i++) tone[i] = 0;
  }
  return tone;
}

const AT = Math.round(1.3 * RATE);

/** `noise`: the white noise's amplitude; at 0.14 the pattern's tones read 13-17 dB a slot, at 0.01
 * over 25. `emptied`: a slot whose noise is turned down by 10 dB too (a gap in the programme, so
 * the slot reads under its reference instead of about it). */
function detect(tone: Float32Array, excuseFadedSlot?: boolean, noise = 0.01, emptied?: number): Detection[] {
  const tuning = excuseFadedSlot === undefined ? {} : { excuseFadedSlot };
  const detector = new FieldDetector({ sampleRate: RATE, triggers: [A, B], tuning });
  const audio = embedTrigger(whiteNoise(Math.round(RATE * 6), noise, 11), tone, AT);
  if (emptied !== undefined) {
    const slotLength = tone.length / A.frequencyPattern.length;
    const from = AT + Math.round(emptied * slotLength);
    for (let i = from; i < AT + Math.round((emptied + 1) * slotLength); i++)
      audio[i] = (audio[i] as number) * 0.316;
  }
  return pushInBlocks(audio, 512, (b) => detector.push(b));
}

describe('faded slot', () => {
  for (const k of [0, 1, 2, 3]) {
    it(`detects a pattern whose slot ${k} tone is gone while the other three are strong`, () => {
      expect(detect(fadedTone([k])).map((d) => d.triggerId)).toEqual(['a']);
    });
  }

  it('excuses nothing when turned off', () => {
    expect(detect(fadedTone([2]), false)).toEqual([]);
  });

  it('off the speed a trigger was made, excuses a faded slot only beside slots of 20 dB', () => {
    // Tones at 13-17 dB: the full pattern is found at 2 % fast, and with one slot faded at speed 1
    // (+-0.25 %); off speed, three tones that weak and a gap is what retuned music looks like.
    const weak = 0.14;
    expect(detect(fadedTone([], 1.02), undefined, weak).map((d) => d.triggerId)).toEqual(['a']);
    expect(detect(fadedTone([1], 1), undefined, weak).map((d) => d.triggerId)).toEqual(['a']);
    expect(detect(fadedTone([1], 1.002), undefined, weak).map((d) => d.triggerId)).toEqual(['a']);
    expect(detect(fadedTone([2], 1.02), undefined, weak)).toEqual([]);
    expect(detect(fadedTone([1], 0.98), undefined, weak)).toEqual([]);
    // Over 25 dB a slot: a speed change left one tone under the programme, the others in full.
    expect(detect(fadedTone([2], 1.02)).map((d) => d.triggerId)).toEqual(['a']);
    expect(detect(fadedTone([1], 0.98)).map((d) => d.triggerId)).toEqual(['a']);
  });

  it('off the speed a trigger was made, excuses a faded slot only where it reads covered, not empty', () => {
    // Covered: the slot reads about its reference (the noise goes on under the missing tone), as a
    // played tone under speech does; empty: 10 dB under it, as a gap in music a chance fit leaves.
    expect(detect(fadedTone([2], 1.02)).map((d) => d.triggerId)).toEqual(['a']);
    expect(detect(fadedTone([2], 1.02), undefined, 0.01, 2)).toEqual([]);
    expect(detect(fadedTone([1], 0.98), undefined, 0.01, 1)).toEqual([]);
    // At speed 1 an empty slot is a room's notch and stays excused.
    expect(detect(fadedTone([2], 1), undefined, 0.01, 2).map((d) => d.triggerId)).toEqual(['a']);
  });

  it('allows the speed of a device clock or a pull-down, not a speed change', () => {
    expect(mayExcuseFadedSlot(1)).toBe(true);
    expect(mayExcuseFadedSlot(1000 / 1001)).toBe(true);
    expect(mayExcuseFadedSlot(1 + FADED_SLOT_SPEED_SPAN)).toBe(true);
    expect(mayExcuseFadedSlot(1.005)).toBe(false);
    expect(mayExcuseFadedSlot(0.985)).toBe(false);
  });

  it('does not excuse two faded slots', () => {
    expect(detect(fadedTone([1, 2]))).toEqual([]);
  });

  it('counts an excused slot at its own reading, between 0 dB and the per-slot minimum', () => {
    expect(excusedSlotRatio(0.2, 2.5)).toBe(1);
    expect(excusedSlotRatio(1.8, 2.5)).toBe(1.8);
    expect(excusedSlotRatio(40, 2.5)).toBe(2.5);
  });
});
