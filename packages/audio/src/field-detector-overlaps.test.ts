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
