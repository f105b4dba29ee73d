import type { Detection } from '@tonemark/audio';

/**
 * One detection as two builds are compared by bench/engine-ab.ts: what was reported and when
 * push() returned it. The emission time is the benchmark's latency (score-detections.ts: emission
 * minus the trigger's end); without it a report held back by a wait reads as the same detection.
 */
export function detectionKey(d: Detection, emittedAtSec: number): string {
  return (
    `${d.triggerId} t=${d.timeSec.toFixed(3)} emitted=${emittedAtSec.toFixed(3)}` +
    ` speed=${d.speed} tempo=${d.tempo} snr=${d.snrDb}`
  );
}

/** The keys only `a` holds and those only `b` holds, each in its own order. */
export function diffKeys(a: readonly string[], b: readonly string[]): { onlyA: string[]; onlyB: string[] } {
  const inA = new Set(a);
  const inB = new Set(b);
  return { onlyA: a.filter((x) => !inB.has(x)), onlyB: b.filter((x) => !inA.has(x)) };
}
