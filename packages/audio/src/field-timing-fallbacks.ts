import type { Hypothesis } from './field-score.ts';
import { bestSlotDb, MASKED_OTHERS_DB } from './field-score.ts';
import type { FieldPlan } from './field-trigger-plan.ts';
import type { SpectrumLane } from './spectrum-lane.ts';

/** Start shifts tried around the searched timing, in frame lengths. */
export const NUDGE_FRAMES = [-0.25, 0.25] as const;

/**
 * The searched timing moved earlier and later by a quarter frame, tried only once it and the
 * boundary fit have failed. The timing search and the boundary fit both lean on the strong
 * slots: a tone the programme half covers (speech's strongest band, 500-800 Hz) moves its
 * boundaries' crossings by 5-8 hops, and a slot that reads 6-12 dB at its true timing reads 2-4 dB
 * a quarter frame off, below the 4 dB every slot needs (field detector misses at speed 0.95 and
 * 1.05 on the tuning split with trigger seed 1, docs/decisions/audio-field-detector.md).
 */
export function nudgedTimings(h: Hypothesis, frameHops: number): Hypothesis[] {
  return NUDGE_FRAMES.map((f) => ({ ...h, start: h.start + f * frameHops }));
}

/**
 * Whether every slot but the weakest reads at least MASKED_OTHERS_DB (best band) at `h`: what a
 * nudged timing must show besides passing. The nudge is for one slot whose boundaries the
 * programme moved while the others are clearly there; without this bar the two extra readings
 * gave music two more chances to fit (one false positive in 0.86 h of held-out speech and music
 * at speed 1.05, 10.4 dB against a 9.9 dB threshold, slots of 8-15 dB).
 */
export function othersClear(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
): boolean {
  let below = 0;
  for (let k = 0; k < plan.slotCount; k++)
    if (bestSlotDb(plan, lanes, h, k) < MASKED_OTHERS_DB && ++below > 1) return false;
  return true;
}
