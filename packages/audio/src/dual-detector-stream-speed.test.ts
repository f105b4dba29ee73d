import { describe, expect, it } from 'vitest';
import { DualDetector } from './dual-detector.ts';
import { StreamSpeedConsensus } from './stream-speed-consensus.ts';
import { ScriptedDetector } from './testing/scripted-detector.ts';
import type { Detection, TriggerSpec } from './types.ts';

const RATE = 44_100;
const A: TriggerSpec = { id: 'a', frequencyPattern: [1000, 1200, 1500, 1800] };
const B: TriggerSpec = { id: 'b', frequencyPattern: [600, 900, 1300, 1700] };

/** A scripted field detector whose reports measure the stream, as FieldDetector's do. */
class ScriptedField extends ScriptedDetector {
  private readonly consensus = new StreamSpeedConsensus();
  private now = 0;
  override push(block: Float32Array): Detection[] {
    const out = super.push(block);
    this.now += block.length / RATE;
    for (const d of out) this.consensus.record(d.speed ?? 1, d.tempo ?? 1, d.snrDb ?? 0, this.now);
    return out;
  }
  streamDisagrees(speed: number, tempo: number): boolean {
    return this.consensus.disagrees(speed, tempo, this.now);
  }
}

function reported(coherent: Detection[], field: Detection[]): (string | number)[] {
  const dual = new DualDetector(
    { sampleRate: RATE, triggers: [A, B], requireTonesAsMade: false },
    { coherent: new ScriptedDetector(RATE, coherent), field: new ScriptedField(RATE, field) },
  );
  const out: (string | number)[] = [];
  for (let heard = 0; heard < 8 * RATE; heard += 441)
    for (const d of dual.push(new Float32Array(441))) out.push(d.triggerId);
  return out;
}

describe('dual detector: stream-speed consensus', () => {
  const coherentA: Detection = { triggerId: 'a', timeSec: 4, score: 0.9 };
  it('drops a coherent-only (speed 1) reading in a stream just measured 2 % slow', () => {
    const strong: Detection = { triggerId: 'b', timeSec: 2.5, score: 0.99, speed: 0.98, tempo: 1, snrDb: 25 };
    expect(reported([coherentA], [strong])).toEqual(['b']);
  });

  it('keeps it in a stream measured at 1.002 (the coherent detector hears that as speed 1), or unmeasured', () => {
    const near: Detection = { triggerId: 'b', timeSec: 2.5, score: 0.99, speed: 1.002, tempo: 1, snrDb: 25 };
    expect(reported([coherentA], [near])).toEqual(['b', 'a']);
    const faint: Detection = { triggerId: 'b', timeSec: 2.5, score: 0.9, speed: 0.98, tempo: 1, snrDb: 11 };
    expect(reported([coherentA], [faint])).toEqual(['b', 'a']);
  });
});
