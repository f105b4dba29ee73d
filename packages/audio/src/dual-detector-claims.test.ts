import { describe, expect, it } from 'vitest';
import { DualDetector } from './dual-detector.ts';
import { ScriptedDetector } from './testing/scripted-detector.ts';
import type { Detection, TriggerSpec } from './types.ts';

const RATE = 44_100;
const A: TriggerSpec = { id: 'a', frequencyPattern: [2000, 1000, 850, 1000] };
const B: TriggerSpec = { id: 'b', frequencyPattern: [1050, 1800, 1050, 600] };

function run(coherent: ScriptedDetector, field: ScriptedDetector): Detection[] {
  const dual = new DualDetector({ sampleRate: RATE, triggers: [A, B] }, { coherent, field });
  const out: Detection[] = [];
  for (let heard = 0; heard < 8 * RATE; heard += 441) out.push(...dual.push(new Float32Array(441)));
  return out;
}

const at = (triggerId: string, timeSec: number): Detection => ({ triggerId, timeSec, score: 0.9 });

describe('dual detector: the better-explaining rule', () => {
  it('drops a coherent-only detection the field detector heard as another trigger it fired', () => {
    // A played 5 % fast sounds 1050 Hz twice, as B plays it: the coherent detector reads B.
    const field = new ScriptedDetector(RATE, [{ ...at('a', 3.2), speed: 1.05 }], ['b']);
    const out = run(new ScriptedDetector(RATE, [at('b', 3.4)]), field);
    expect(out.map((d) => d.triggerId)).toEqual(['a']);
    // Asked about B's pattern ending before its report, within the coherent detector's delay.
    const [id, from, to] = field.asked[0] ?? [];
    expect(id).toBe('b');
    expect(from).toBeCloseTo(2.9, 5);
    expect(to).toBeCloseTo(3.35, 5);
  });

  it('keeps a coherent-only detection when the field detector claims nothing of its sound', () => {
    const out = run(
      new ScriptedDetector(RATE, [at('b', 3.4)]),
      new ScriptedDetector(RATE, [at('a', 3.2)], []),
    );
    expect(out.map((d) => d.triggerId).sort()).toEqual(['a', 'b']);
  });

  it('reports a field detection that comes after the hold of a dropped coherent one', () => {
    // The coherent report is dropped at 3.4 s (its sound read as another trigger's); the field
    // detector's report of the same trigger 0.5 s later is no duplicate of anything reported.
    const out = run(
      new ScriptedDetector(RATE, [at('a', 3.0)]),
      new ScriptedDetector(RATE, [{ ...at('a', 3.5), speed: 1 }], ['a']),
    );
    expect(out).toEqual([{ ...at('a', 3.5), speed: 1 }]);
  });

  it('never asks about detections the field detector confirmed', () => {
    const field = new ScriptedDetector(RATE, [at('b', 3.6)], ['b']);
    const out = run(new ScriptedDetector(RATE, [at('b', 3.4)]), field);
    expect(out.map((d) => d.triggerId)).toEqual(['b']);
    expect(field.asked).toEqual([]);
  });
});
