import { describe, expect, it } from 'vitest';
import { FieldDetector } from './field-detector.ts';
import { synthesizeTrigger } from './synthesize-trigger.ts';
import { pushInBlocks, whiteNoise } from './testing/synthetic-audio.ts';
import type { TriggerSpec } from './types.ts';

const RATE = 44_100;
// The 3 m babble room's pair: C's last tone is R's third, one slot earlier.
const C: TriggerSpec = { id: 'c', frequencyPattern: [1550, 1250, 600, 1600] };
const R: TriggerSpec = { id: 'r', frequencyPattern: [1450, 1300, 1600, 500] };
const R_AT_SEC = 1.5;
/** C sounds its 1600 Hz with R's third slot: it starts one slot before R and ends a slot before it. */
const C_AT_SEC = R_AT_SEC - 0.5;
const C_END_SEC = C_AT_SEC + 2;

function add(samples: Float32Array, spec: TriggerSpec, atSec: number, gains: readonly number[]): void {
  spec.frequencyPattern.forEach((hz, k) => {
    const gain = gains[k] ?? 0;
    if (gain === 0) return;
    const tone = synthesizeTrigger({ frequencies: [hz, hz, hz, hz], sampleRate: RATE, durationMs: 2000 });
    const from = Math.round((atSec + k * 0.5) * RATE);
    const slot = Math.round(0.5 * RATE);
    for (let i = 0; i < slot; i++) {
      const t = from + i;
      if (t < samples.length) samples[t] = (samples[t] ?? 0) + gain * (tone[k * slot + i] ?? 0);
    }
  });
}

function heardAsC(cGains: readonly number[], triggers: TriggerSpec[], withR = true): boolean {
  const samples = whiteNoise(RATE * 5, 0.01, 7);
  if (withR) add(samples, R, R_AT_SEC, [1, 1, 1, 1]);
  // C's own slots (not its 1600 Hz, which R plays).
  add(samples, C, C_AT_SEC, cGains);
  const field = new FieldDetector({ sampleRate: RATE, triggers });
  pushInBlocks(samples, 512, (b) => field.push(b));
  return field.heardAsMade('c', C_END_SEC - 0.3, C_END_SEC + 0.1);
}

describe('heardAsMade beside a rival that plays one of its tones', () => {
  // About 7 dB over this noise each: heard as tones, under MASKED_OTHERS_DB.
  const WEAK = [0.004, 0.004, 0.004, 0];
  it('drops a pattern whose loud slot is a rival trigger tone and whose own slots are weak', () => {
    // Without R among the triggers, C's weak slots and R's 1600 Hz read as C's tones.
    expect(heardAsC(WEAK, [C])).toBe(true);
    // With R active, R's first two tones read louder where C's own are weak: R explains the sound.
    expect(heardAsC(WEAK, [C, R])).toBe(false);
  });

  it('keeps a pattern that stands on its own slots beside the rival (two triggers overlapping)', () => {
    expect(heardAsC([1, 1, 1, 0], [C, R])).toBe(true);
  });

  it('keeps a pattern with weak slots when the rival is not playing', () => {
    // C played in full (its 1600 Hz its own), weak: no rival tone in its slots.
    expect(heardAsC([0.004, 0.004, 0.004, 1], [C, R], false)).toBe(true);
  });
});
