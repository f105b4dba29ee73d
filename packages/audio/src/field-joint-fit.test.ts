import { describe, expect, it } from 'vitest';
import { embedTrigger } from './embed-trigger.ts';
import { FieldDetector } from './field-detector.ts';
import { isJointFit } from './field-joint-fit.ts';
import { planFieldTrigger } from './field-trigger-plan.ts';
import { resample } from './resample.ts';
import { synthesizeTrigger } from './synthesize-trigger.ts';
import { pushInBlocks, whiteNoise } from './testing/synthetic-audio.ts';
import type { TriggerSpec } from './types.ts';

const RATE = 44_100;
const A: TriggerSpec = { id: 'a', frequencyPattern: [1000, 1200, 1500, 1800] };
const B: TriggerSpec = { id: 'b', frequencyPattern: [600, 900, 1300, 1700] };

/** The trigger at `speed` (pitch and time) after a pitch-kept stretch to `tempo`. */
function played(speed: number, tempo: number): Float32Array {
  const tone = synthesizeTrigger({
    frequencies: A.frequencyPattern,
    sampleRate: RATE,
    durationMs: 2000 / tempo,
  });
  return speed === 1 ? tone : resample(tone, RATE * speed, RATE);
}

function detect(tone: Float32Array) {
  const detector = new FieldDetector({ sampleRate: RATE, triggers: [A, B] });
  const audio = embedTrigger(whiteNoise(RATE * 7, 0.01, 7), tone, Math.round(1.3 * RATE));
  return pushInBlocks(audio, 512, (b) => detector.push(b));
}

describe('joint speed and tempo fits', () => {
  const plan = planFieldTrigger(A, 0, 0.01, 4410, () => true);
  if (!plan) throw new Error('no plan');
  const at = (speed: number, tempo: number) => ({ start: 0, slot: plan.slotHops / speed / tempo, speed });

  it('calls a fit joint only when both speed and tempo are off 1 beyond a clock error and a hop', () => {
    expect(isJointFit(plan, at(0.95, 1))).toBe(false);
    expect(isJointFit(plan, at(0.95, 1.02))).toBe(false);
    expect(isJointFit(plan, at(1.004, 1.25))).toBe(false);
    expect(isJointFit(plan, at(1, 0.8))).toBe(false);
    expect(isJointFit(plan, at(0.988, 1.19))).toBe(true);
    expect(isJointFit(plan, at(1.016, 0.818))).toBe(true);
    expect(isJointFit(plan, at(0.95, 1.04))).toBe(true);
  });

  it('detects a speed change and a tempo change with a clock error, each at tempo or speed 1', () => {
    const fast = detect(played(1.04, 1));
    expect(fast.map((d) => d.triggerId)).toEqual(['a']);
    expect(Math.abs((fast[0]?.tempo ?? 0) - 1)).toBeLessThanOrEqual(0.03);
    const stretched = detect(played(1.003, 1.2));
    expect(stretched.map((d) => d.triggerId)).toEqual(['a']);
  });

  it('keeps a pattern both resampled 4 % and stretched to tempo 1.2 only as the speed change it also reads as', () => {
    // Played clean, its tones also fill the longer slots of tempo 1; a chance fit of music does not.
    const found = detect(played(1.04, 1.2));
    expect(found.map((d) => d.triggerId)).toEqual(['a']);
    expect(found[0]?.speed).toBeCloseTo(1.04, 2);
    expect(Math.abs((found[0]?.tempo ?? 0) - 1)).toBeLessThanOrEqual(0.03);
  });
});
