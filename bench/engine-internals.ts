/**
 * The detector's internals that the bench probes read (slot readings, pattern scores, plans, the
 * lanes they read from). They are not the engine's public surface (packages/audio/src/index.ts), so
 * the probes reach them through this one file: a change to them shows here, not in every probe.
 */
export { DualDetector, TONES_END_BEFORE_SEC } from '../packages/audio/src/dual-detector.ts';
export { readTonesAsMade, slotsReadAsTones } from '../packages/audio/src/field-as-made.ts';
export {
  type FieldLimits,
  type Hypothesis,
  type PatternScore,
  pair,
  peakBin,
  readSlot,
  scorePattern,
  timingScore,
} from '../packages/audio/src/field-score.ts';
export { spillMarginsDb } from '../packages/audio/src/field-spill.ts';
export type { FieldPlan } from '../packages/audio/src/field-trigger-plan.ts';
export { readSlotDipTolerant } from '../packages/audio/src/pitch-kept-dip.ts';
export { handoverResiduals } from '../packages/audio/src/pitch-kept-guard.ts';
export {
  bestOffsetReading,
  bestPitchKept,
  heardTonesPlan,
  PITCH_KEPT_EXTRA_DB,
  type PitchKeptReading,
  scorePitchKept,
} from '../packages/audio/src/pitch-kept-score.ts';
export { spreadSlot } from '../packages/audio/src/pitch-kept-spread.ts';
export type { SpectrumLane } from '../packages/audio/src/spectrum-lane.ts';

import type {
  FieldLimits as Limits,
  PatternScore as Score,
  Hypothesis as Timing,
} from '../packages/audio/src/field-score.ts';
import type { FieldPlan as Plan } from '../packages/audio/src/field-trigger-plan.ts';
import type { SpectrumLane as Lane } from '../packages/audio/src/spectrum-lane.ts';

/** The field detector's private state the room probes read (cast from a FieldDetector). */
export interface FieldInternals {
  plans: Plan[];
  planLanes: Map<Plan, Lane[]>;
  limits: Limits;
  minMeanDb: number;
  front: { hopSize: number };
  strict(
    plan: Plan,
    found: Timing | undefined,
    only?: (plan: Plan, h: Timing) => boolean,
  ): { refined: Timing; score: Score } | undefined;
}
