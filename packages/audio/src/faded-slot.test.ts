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

function detect(tone: Float32Array, excuseFadedSlot?: boolean): Detection[] {
  const tuning = excuseFadedSlot === undefined ? {} : { excuseFadedSlot };
  const detector = new FieldDetector({ sampleRate: RATE, triggers: [A, B], tuning });
  const audio = embedTrigger(whiteNoise(Math.round(RATE * 6), 0.01, 11), tone, Math.round(1.3 * RATE));
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

  it('excuses a faded slot only at the speed the trigger was made (a room does not change speed)', () => {
    // The same pattern with all four tones is found at 2 % fast; with one faded, only at speed 1
    // (+-0.25 %): off speed, three grid tones and a gap is what retuned music looks like.
    expect(detect(fadedTone([], 1.02)).map((d) => d.triggerId)).toEqual(['a']);
    expect(detect(fadedTone([1], 1.002)).map((d) => d.triggerId)).toEqual(['a']);
    expect(detect(fadedTone([2], 1.02))).toEqual([]);
    expect(detect(fadedTone([1], 0.98))).toEqual([]);
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
