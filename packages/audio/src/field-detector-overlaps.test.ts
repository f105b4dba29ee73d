import { describe, expect, it } from 'vitest';
import { embedTrigger } from './embed-trigger.ts';
import { FieldDetector } from './field-detector.ts';
import { synthesizeTrigger } from './synthesize-trigger.ts';
import { pushInBlocks, whiteNoise } from './testing/synthetic-audio.ts';
import type { TriggerSpec } from './types.ts';

const RATE = 44_100;
// B starts halfway through A: A's last tone (1150 Hz) and B's second sound in the same slot.
const A: TriggerSpec = { id: 'A', frequencyPattern: [900, 750, 550, 1150] };
const B: TriggerSpec = { id: 'B', frequencyPattern: [1300, 1150, 1550, 1000] };
const OTHER: TriggerSpec = { id: 'other', frequencyPattern: [600, 1800, 1400, 700] };

function played(spec: TriggerSpec, speed = 1): Float32Array {
  return synthesizeTrigger({
    frequencies: spec.frequencyPattern.map((f) => f * speed),
    sampleRate: RATE,
    durationMs: 2000 / speed,
  });
}

describe('field detector: overlapping triggers that share one tone at one time', () => {
  it.each([1, 0.97])('fires both at speed %s', (speed) => {
    const at = Math.round(1.5 * RATE);
    const half = Math.round(RATE / speed);
    const audio = embedTrigger(
      embedTrigger(whiteNoise(7 * RATE, 0.01, 5), played(A, speed), at),
      played(B, speed),
      at + half,
    );
    const detector = new FieldDetector({ sampleRate: RATE, triggers: [A, B, OTHER] });
    const found = pushInBlocks(audio, 512, (b) => detector.push(b));
    expect(found.map((d) => d.triggerId).sort()).toEqual(['A', 'B']);
  });
});

// T13 straddling T07 played twice back to back: T07's last tone (750) and the repeat's first
// (1500) are T13's slots 2 and 3; the programme plays weak notes at T13's 1950 and 1550 before.
const T07: TriggerSpec = { id: 'T07', frequencyPattern: [1500, 1300, 1650, 750] };
const T13: TriggerSpec = { id: 'T13', frequencyPattern: [1950, 1550, 750, 1500] };

describe('field detector: a pattern straddling a back-to-back repeat', () => {
  it('fires the repeated trigger twice and not the pattern its two plays and the programme complete', () => {
    const tone = played(T07);
    const audio = embedTrigger(
      embedTrigger(whiteNoise(8 * RATE, 0.01, 3), tone, 1.5 * RATE),
      tone,
      3.5 * RATE,
    );
    for (const [hz, fromSec] of [
      [1950, 2],
      [1550, 2.5],
    ] as const) {
      for (let i = 0; i < RATE / 2; i++) {
        const n = Math.round(fromSec * RATE) + i;
        audio[n] = (audio[n] as number) + 0.0006 * Math.sin((2 * Math.PI * hz * n) / RATE);
      }
    }
    const detector = new FieldDetector({ sampleRate: RATE, triggers: [T07, T13] });
    const found = pushInBlocks(audio, 512, (b) => detector.push(b));
    expect(found.map((d) => d.triggerId)).toEqual(['T07', 'T07']);
  });
});
