import {
  createDetector,
  type DetectorKind,
  fixedBlocks,
  RobustDetectorV1,
  type TriggerSpec,
} from '@tonemark/audio';

/** The product's detectors, and `robust-v1`: the coherent detector before the field rework
 * (docs/decisions/audio-field-detector.md), kept to print the before -> after figures. */
export type BenchDetector = DetectorKind | 'robust-v1';

export function makeDetector(kind: BenchDetector, sampleRate: number, triggers: TriggerSpec[]) {
  return kind === 'robust-v1'
    ? new RobustDetectorV1({ sampleRate, triggers })
    : createDetector(kind, { sampleRate, triggers });
}

import type { TimedDetection } from './score-detections.ts';

export interface DetectorRun {
  kind: BenchDetector;
  detections: TimedDetection[];
  /** CPU time spent inside push() only. */
  cpuMicros: number;
  samples: number;
}

/**
 * Feeds one stream to several detectors block by block (decoding and conditioning happen once),
 * timing each detector's push() calls with process.cpuUsage so only detector work is counted.
 */
export async function runDetectors(
  chunks: AsyncIterable<Float32Array>,
  opts: {
    sampleRate: number;
    kinds: readonly BenchDetector[];
    triggers: TriggerSpec[];
    blockSize: number;
    onProgress?: (seconds: number) => void;
  },
): Promise<DetectorRun[]> {
  const runs = opts.kinds.map((kind) => ({
    detector: makeDetector(kind, opts.sampleRate, opts.triggers),
    run: { kind, detections: [] as TimedDetection[], cpuMicros: 0, samples: 0 },
  }));
  let samples = 0;
  let nextProgress = 0;
  for await (const block of fixedBlocks(chunks, opts.blockSize)) {
    samples += block.length;
    const emittedAtSec = samples / opts.sampleRate;
    for (const { detector, run } of runs) {
      const before = process.cpuUsage();
      const found = detector.push(block);
      const spent = process.cpuUsage(before);
      run.cpuMicros += spent.user + spent.system;
      for (const d of found) run.detections.push({ ...d, emittedAtSec });
    }
    if (opts.onProgress !== undefined && emittedAtSec >= nextProgress) {
      opts.onProgress(emittedAtSec);
      nextProgress = emittedAtSec + 300;
    }
  }
  return runs.map(({ run }) => ({ ...run, samples }));
}
