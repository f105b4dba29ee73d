import type { FieldPlan } from './field-trigger-plan.ts';

/**
 * How many patterns the detector listens for, as the threshold that rises with log N counts them
 * (the look-elsewhere rule, `FieldDetector.limitsFor`): one per band a trigger sounds on. Each band
 * is indexed, proposed and scored on its own, and a slot passes on whichever band reads it, so a
 * `combined` trigger (audible and near-ultrasonic) gives programme two chances to fit it where an
 * audible one gives one. Counted once, 24 combined triggers were held to the threshold of 24 audible
 * ones, and speed 0.95 combined fired a wrong trigger (docs/decisions/audio-field-detector.md).
 */
export function listenedPatterns(plans: readonly FieldPlan[]): number {
  let count = 0;
  for (const plan of plans) count += plan.bands.length;
  return count;
}
