import { type Hypothesis, SAME_TONE_BINS, toneCrossing } from './field-score.ts';
import type { FieldPlan } from './field-trigger-plan.ts';
import type { SpectrumLane } from './spectrum-lane.ts';

/** How far from the timed boundary (in slots) a handover may be heard: the boundary fit's reach. */
export const HANDOVER_REACH_SLOTS = 1 / 3;

/**
 * Where each boundary between two different tones of `heard` (the pattern with every slot's tone
 * where it is heard, `heardTonesPlan`) is crossed, in hops from where `h` puts it; NaN where the
 * next tone never overtakes the one before within `HANDOVER_REACH_SLOTS` of it. Undefined when
 * the lane no longer holds the audio.
 */
export function handoverResiduals(
  heard: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
): number[] | undefined {
  const lane = lanes[0];
  const tones = heard.bands[0]?.tones;
  if (!lane || !tones) return undefined;
  const half = lane.frameHops / 2;
  const out: number[] = [];
  for (let k = 1; k < heard.slotCount; k++) {
    const before = tones[k - 1] as number;
    const after = tones[k] as number;
    if (Math.abs(before - after) <= SAME_TONE_BINS * lane.binHz) continue;
    const predicted = h.start + k * h.slot + half;
    const crossing = toneCrossing(lane, before, after, predicted, h.slot * HANDOVER_REACH_SLOTS);
    if (crossing === undefined) return undefined;
    out.push(crossing - predicted);
  }
  return out;
}

/**
 * Whether a pitch-kept reading's tones hand over to one another at its slot boundaries: at every
 * boundary between two different tones, the next tone overtakes the one before within a third of
 * a slot of where the timing puts the boundary. A played trigger's slots all scale with one tempo,
 * so a stretch keeps each tone ending where the next begins; music at its own pitch that fits four
 * grid tones within a few Hz rarely also changes note at four equally spaced times (on the tuning
 * split's trigger-free audio, 3 of 20 chance pitch-kept readings near the threshold did, against
 * 75 of 77 played stretches; docs/decisions/audio-tempo-pitch-kept.md, "Third pass").
 */
export function tonesHandOver(
  heard: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
): boolean {
  return handoverOf(heard, lanes, h) !== 'none';
}

/** How far apart (in slots) a reading's handovers may fall from one another and still be one
 * tempo's: the crossings, less their common offset from the timing, within a tenth of a slot. */
export const HANDOVER_AGREE_SLOTS = 0.1;

/**
 * 'none': some boundary does not hand over (`tonesHandOver` fails); 'agreed': every boundary hands
 * over and, with at least two boundaries between different tones, all crossings sit at one common
 * offset from the timed boundaries within `HANDOVER_AGREE_SLOTS` (the tones change at equally
 * spaced times, one slot length apart: what one tempo does to a played pattern); 'loose': the rest.
 * On the tuning split 155 of 217 pitch-kept readings of played stretches near the threshold agree,
 * against 1 of 31 chance readings on trigger-free and triggered music (3.3 dB under the old margin;
 * docs/decisions/audio-tempo-pitch-kept.md, "Fifth pass").
 */
export function handoverOf(
  heard: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
): 'none' | 'loose' | 'agreed' {
  const residuals = handoverResiduals(heard, lanes, h);
  if (!residuals || residuals.some(Number.isNaN)) return 'none';
  if (residuals.length < 2) return 'loose';
  const spread = Math.max(...residuals) - Math.min(...residuals);
  return spread <= HANDOVER_AGREE_SLOTS * h.slot ? 'agreed' : 'loose';
}
