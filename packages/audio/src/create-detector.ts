import type { Detector, DetectorKind, DetectorOptions } from './detector.ts';
import { FieldDetector } from './field-detector.ts';
import { SpecDetector } from './spec-detector.ts';

/** `robust` (the field detector) is the one to use; `spec` is the SPEC §9 algorithm, kept for reference and comparison. */
export function createDetector(kind: DetectorKind, opts: DetectorOptions): Detector {
  return kind === 'spec' ? new SpecDetector(opts) : new FieldDetector(opts);
}
