import type { Detector, DetectorKind, DetectorOptions } from './detector.ts';
import { DualDetector } from './dual-detector.ts';
import { FieldDetector } from './field-detector.ts';
import { RobustDetector } from './robust-detector.ts';
import { SpecDetector } from './spec-detector.ts';

/**
 * `dual` (the coherent and the field detector merged) is the product default; `coherent` and
 * `robust` (the field detector) run one alone (docs/decisions/detector-default.md); `spec` is
 * the SPEC §9 algorithm, kept for reference and comparison.
 */
export function createDetector(kind: DetectorKind, opts: DetectorOptions): Detector {
  if (kind === 'spec') return new SpecDetector(opts);
  if (kind === 'coherent') return new RobustDetector(opts);
  if (kind === 'dual') return new DualDetector(opts);
  return new FieldDetector(opts);
}
