/**
 * The setting of the pitch-kept tests (pitch-kept-score.test.ts, pitch-kept-guard.test.ts): one
 * four-tone pattern played at tempo 1.25 into the audible lane the field front end makes at 6.3 kHz.
 */
import type { FieldLimits } from '../field-score.ts';
import { type FieldPlan, planFieldTrigger } from '../field-trigger-plan.ts';
import { SpectrumLane } from '../spectrum-lane.ts';

export const RATE = 6300;
export const HOP = 63;
/** 500 ms slots played at tempo 1.25 (pitch kept): 40 hops each. */
export const SLOT = 40;
/** Hops of quiet noise before the pattern (and after it). */
export const LEAD = 100;
export const LIMITS: FieldLimits = {
  minRatio: 10 ** 0.4,
  minSteady: 10 ** -0.8,
  maxFrequencyErrorBins: 0.35,
};
export const PATTERN = [1450, 1000, 1100, 600];
/** The audible lane's options, long enough for the whole test. */
export const LANE = { rate: RATE, hopSamples: HOP, ringHops: 800, lowHz: 400, highHz: 2250 };
export const planOf = (pattern: number[], id = 'p'): FieldPlan =>
  planFieldTrigger({ id, frequencyPattern: pattern }, 0, 0.01, RATE, () => true) as FieldPlan;
export const plan = planOf(PATTERN);
/** The timing the pattern was played at. */
export const atTruth = { start: LEAD, slot: SLOT, speed: 1 };

/** A lane holding LEAD hops of quiet noise, then one tone per slot of `slot` hops at `played` Hz
 * (silent at the hops `silent` names, counted from the pattern's start), then LEAD hops more. */
export function stretched(
  played: number[],
  frameSize: number,
  slot = SLOT,
  silent: (hop: number) => boolean = () => false,
): SpectrumLane {
  const lane = new SpectrumLane({ ...LANE, frameSize });
  let seed = 7;
  const noise = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31 - 0.5;
  };
  let phase = 0;
  for (let hop = 0; hop < LEAD + played.length * slot + LEAD; hop++) {
    const hz = hop >= LEAD && !silent(hop - LEAD) ? played[Math.floor((hop - LEAD) / slot)] : undefined;
    for (let i = 0; i < HOP; i++) {
      phase += hz === undefined ? 0 : (2 * Math.PI * hz) / RATE;
      lane.push((hz === undefined ? 0 : 0.1 * Math.sin(phase)) + 0.002 * noise(), 0);
    }
    lane.finishHop();
  }
  return lane;
}
