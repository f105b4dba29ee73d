import { describe, expect, it } from 'vitest';
import type { Detector } from './detector.ts';
import { DUAL_HOLD_SEC, DualDetector } from './dual-detector.ts';
import { embedTrigger } from './embed-trigger.ts';
import { FieldDetector } from './field-detector.ts';
import { resample } from './resample.ts';
import { RobustDetector } from './robust-detector.ts';
import { synthesizeTrigger } from './synthesize-trigger.ts';
import { ScriptedDetector } from './testing/scripted-detector.ts';
import { pushInBlocks, whiteNoise } from './testing/synthetic-audio.ts';
import type { Detection, TriggerSpec } from './types.ts';

const RATE = 44_100;
const A: TriggerSpec = { id: 'a', frequencyPattern: [1000, 1200, 1500, 1800] };
const B: TriggerSpec = { id: 'b', frequencyPattern: [600, 900, 1300, 1700] };

/** Runs the dual detector over `seconds` of silence; returns each report with when it came out. */
function scripted(coherent: Detection[], field: Detection[], seconds = 8) {
  const dual = new DualDetector(
    { sampleRate: RATE, triggers: [A, B] },
    { coherent: new ScriptedDetector(RATE, coherent), field: new ScriptedDetector(RATE, field) },
  );
  const out: { d: Detection; emittedSec: number }[] = [];
  const block = 441;
  for (let heard = 0; heard < seconds * RATE; heard += block) {
    for (const d of dual.push(new Float32Array(block))) out.push({ d, emittedSec: (heard + block) / RATE });
  }
  return out;
}

const at = (triggerId: string, timeSec: number, extra: Partial<Detection> = {}): Detection => ({
  triggerId,
  timeSec,
  score: 0.9,
  ...extra,
});

describe('dual detector: merging', () => {
  it('reports an occurrence both detectors found once, at the earlier time, with the field figures', () => {
    const out = scripted([at('a', 3.08)], [at('a', 3.36, { speed: 1.001, tempo: 1, snrDb: 21 })]);
    expect(out).toHaveLength(1);
    const { d, emittedSec } = out[0] as (typeof out)[number];
    expect(d).toMatchObject({ triggerId: 'a', timeSec: 3.08, speed: 1.001, tempo: 1, snrDb: 21 });
    // Held only until the field report arrived, not for the whole hold.
    expect(emittedSec).toBeCloseTo(3.36, 1);
  });

  it('reports a coherent-only detection after the hold', () => {
    const out = scripted([at('a', 3.08)], []);
    expect(out.map((o) => o.d)).toEqual([at('a', 3.08)]);
    expect((out[0] as (typeof out)[number]).emittedSec).toBeCloseTo(3.08 + DUAL_HOLD_SEC, 1);
  });

  it('reports a field-only detection at once', () => {
    const out = scripted([], [at('b', 2.5, { speed: 1.02 })]);
    expect(out.map((o) => o.d)).toEqual([at('b', 2.5, { speed: 1.02 })]);
    expect((out[0] as (typeof out)[number]).emittedSec).toBeCloseTo(2.5, 1);
  });

  it('drops a field report that comes after the hold for an occurrence already reported', () => {
    const out = scripted([at('a', 3.0)], [at('a', 3.7, { speed: 1 })]);
    expect(out.map((o) => o.d)).toEqual([at('a', 3.0)]);
  });

  it('reports two back-to-back occurrences twice, each merged with its own field report', () => {
    const out = scripted(
      [at('a', 2.08), at('a', 4.08)],
      [at('a', 2.36, { speed: 1 }), at('a', 4.36, { speed: 1 })],
    );
    expect(out.map((o) => [o.d.timeSec, o.d.speed])).toEqual([
      [2.08, 1],
      [4.08, 1],
    ]);
  });

  it('keeps different triggers at the same time apart', () => {
    const out = scripted([at('a', 3.0)], [at('b', 3.1, { speed: 1 })]);
    expect(out.map((o) => o.d.triggerId).sort()).toEqual(['a', 'b']);
  });
});

function played(spec: TriggerSpec, speed = 1): Float32Array {
  const tone = synthesizeTrigger({ frequencies: spec.frequencyPattern, sampleRate: RATE, durationMs: 2000 });
  return speed === 1 ? tone : resample(tone, RATE * speed, RATE);
}

function run(detector: Detector, samples: Float32Array): Detection[] {
  return pushInBlocks(samples, 512, (b) => detector.push(b));
}

describe('dual detector: on audio', () => {
  const opts = { sampleRate: RATE, triggers: [A, B] };

  it('finds a clean trigger once when both detectors find it', () => {
    const audio = embedTrigger(whiteNoise(6 * RATE, 0.01, 3), played(A), Math.round(1.3 * RATE));
    const coherent = run(new RobustDetector(opts), audio);
    const field = run(new FieldDetector(opts), audio);
    expect([coherent.length, field.length]).toEqual([1, 1]);
    const found = run(new DualDetector(opts), audio);
    expect(found).toHaveLength(1);
    const d = found[0] as Detection;
    expect(d.triggerId).toBe('a');
    expect(d.timeSec).toBe(Math.min((coherent[0] as Detection).timeSec, (field[0] as Detection).timeSec));
    expect(d.speed).toBeCloseTo(1, 2);
    expect(d.snrDb).toBeGreaterThan(15);
  });

  it('finds a trigger played 2 % fast, which only the field detector finds', () => {
    const audio = embedTrigger(whiteNoise(6 * RATE, 0.01, 4), played(B, 1.02), Math.round(1.1 * RATE));
    expect(run(new RobustDetector(opts), audio)).toEqual([]);
    const found = run(new DualDetector(opts), audio);
    expect(found.map((d) => d.triggerId)).toEqual(['b']);
    expect((found[0] as Detection).speed).toBeCloseTo(1.02, 2);
  });

  it('finds the same trigger played twice back to back twice', () => {
    const tone = played(A);
    let audio = embedTrigger(whiteNoise(8 * RATE, 0.01, 5), tone, Math.round(1.2 * RATE));
    audio = embedTrigger(audio, tone, Math.round(1.2 * RATE) + tone.length);
    const found = run(new DualDetector(opts), audio);
    expect(found.map((d) => d.triggerId)).toEqual(['a', 'a']);
    expect((found[1] as Detection).timeSec - (found[0] as Detection).timeSec).toBeCloseTo(2, 0);
  });
});
