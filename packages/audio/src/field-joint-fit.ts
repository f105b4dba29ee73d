import type { ExplainedReference } from './field-explained-reference.ts';
import {
  type FieldLimits,
  type Hypothesis,
  type PatternScore,
  scorePattern,
  TEMPO_ONE_SPAN,
  tempoOf,
} from './field-score.ts';
import type { FieldPlan } from './field-trigger-plan.ts';
import { MASKED_SLOT_SPEED_SPAN } from './masked-slot-speed.ts';
import type { SpectrumLane } from './spectrum-lane.ts';

/**
 * A player changes a trigger's speed (pitch and time together: tempo 1 as the detector counts it)
 * or its tempo (pitch kept: speed 1), not both; a clock error (a few tenths of a percent) may sit on
 * top of a tempo change. A fit off speed 1 by more than a clock error and off tempo 1 by more than
 * the timing fit's own slack is at neither: the speed search slid the pattern along the spectrum and
 * the whole-tempo search stretched it along time to fit what the programme played. Such a fit is
 * read again where a player puts a trigger at that speed (tempo 1) and kept only if it passes there.
 * docs/decisions/audio-joint-fit.md.
 */
/** Speeds this close to 1 are a clock error or a pitch-kept stretch (masked-slot-speed.ts: the
 * measured spread of pitch-kept speeds and room plays, 0.9995-1.004). */
export const JOINT_SPEED_SPAN = MASKED_SLOT_SPEED_SPAN;
/** Whether a fit is off speed 1 and off tempo 1 at once (what no player makes). */
export function isJointFit(plan: FieldPlan, h: Hypothesis): boolean {
  return Math.abs(h.speed - 1) > JOINT_SPEED_SPAN && Math.abs(tempoOf(plan, h) - 1) > TEMPO_ONE_SPAN;
}

/**
 * The fit read again at its speed with time scaled with it (tempo 1): every start from the fitted
 * pattern's start to its end anchored (the two lengths differ), give or take half a frame, speed
 * refitted from the tones and every slot tested strictly; the best decision that passes. Returns the re-read hypothesis
 * and its score when it passes at `minMeanDb`, else undefined.
 */
export function atPlayedSpeed(
  plan: FieldPlan,
  lanes: readonly SpectrumLane[],
  fit: Hypothesis,
  limits: FieldLimits,
  minMeanDb: number,
  explained?: ExplainedReference,
): { refined: Hypothesis; score: PatternScore } | undefined {
  const slot = plan.slotHops / fit.speed;
  const frameHops = lanes[0]?.frameHops ?? 1;
  const startAnchored = fit.start;
  const endAnchored = fit.start + plan.slotCount * (fit.slot - slot);
  const from = Math.min(startAnchored, endAnchored) - frameHops / 2;
  const to = Math.max(startAnchored, endAnchored) + frameHops / 2;
  // Every start is scored, not only the best-timed one: a slot the programme covers can pull the
  // timing fit a fifth of a slot off, where the tempo-1 slots then miss a tone.
  let best: { refined: Hypothesis; score: PatternScore } | undefined;
  for (let start = from; start <= to; start += 1) {
    const h: Hypothesis = { start, slot, speed: fit.speed };
    const first = scorePattern(plan, lanes, h, limits, false, explained);
    if (!first) continue;
    const refined: Hypothesis = { ...h, speed: first.measuredSpeed };
    if (isJointFit(plan, refined)) continue;
    const score = scorePattern(plan, lanes, refined, limits, true, explained);
    if (score?.pass && score.decisionDb >= minMeanDb && (!best || score.decisionDb > best.score.decisionDb))
      best = { refined, score };
  }
  return best;
}
