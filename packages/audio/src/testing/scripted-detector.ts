import type { Detector } from '../detector.ts';
import type { Detection } from '../types.ts';

/**
 * A detector that reports the scripted detections once the stream has passed their time (tests
 * of the dual detector script its two parts). As a field detector it also answers which
 * triggers' sound it fired another trigger on (`heardAs`), and records what it was asked.
 */
export class ScriptedDetector implements Detector {
  readonly kind = 'coherent' as const;
  private heard = 0;
  readonly asked: [string | number, number, number][] = [];
  constructor(
    private readonly sampleRate: number,
    private readonly script: Detection[],
    private readonly heardAs: (string | number)[] = [],
  ) {}
  push(block: Float32Array): Detection[] {
    this.heard += block.length;
    const now = this.heard / this.sampleRate;
    return this.script.filter((d) => d.timeSec <= now && d.timeSec > now - block.length / this.sampleRate);
  }
  heardAsOther(triggerId: string | number, fromSec: number, toSec: number): boolean {
    this.asked.push([triggerId, fromSec, toSec]);
    return this.heardAs.includes(triggerId);
  }
  reset(): void {
    this.heard = 0;
  }
  setTriggers(): void {}
}
