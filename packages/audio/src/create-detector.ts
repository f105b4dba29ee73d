import type { Detector, DetectorKind, DetectorOptions } from './detector.ts';
import { RobustDetector } from './robust-detector.ts';
import { SpecDetector } from './spec-detector.ts';

/** `robust` is the one to use; `spec` is the SPEC §9 algorithm, kept for reference and comparison. */
export function createDetector(kind: DetectorKind, opts: DetectorOptions): Detector {
  return kind === 'spec' ? new SpecDetector(opts) : new RobustDetector(opts);
}
