import {
  type Hypothesis,
  peakBin,
  readSlot,
  slotFrom,
  slotTo,
  TEMPO_ONE_SPAN,
  tempoOf,
} from './field-score.ts';
import type { FieldPlan } from './field-trigger-plan.ts';
import type { SpectrumLane } from './spectrum-lane.ts';

/**
 * How far (bins) a slot's spectral peak may move between the slot's two halves and still be one
 * fixed tone: the slot is read as the two bins straddling the tone, so half a bin is the reading's
 * own resolution. A played tone at tempo 1 holds its frequency (a speed change scales it once,
 * for the whole pattern); a music note sung or bowed moves (vibrato, a glide, the next note).
 */
export const DRIFT_BINS = 0.5;
/** Slots that may drift: one, as one slot may be masked or faded (a note or voice beside one tone
 * pulls its peak; on the tuning split's played readings at tempo 1 one slot drifted up to 1.45 bins
 * in the 6 m room, never two by more than DRIFT_BINS; docs/decisions/audio-shared-sound-pairs.md, fp7). */
export const MAX_DRIFTING_SLOTS = 1;

/** How far (bins) slot k's spectral peak at `hz` moves from the slot's first half to its second;
 * 0 where either half has no peak there (the per-slot tests already judge such a slot). */
export function slotDriftBins(lane: SpectrumLane, hz: number, h: Hypothesis, k: number): number {
  const a = h.start + k * h.slot;
  const from = slotFrom(lane.frameHops, a, h.slot);
  const to = slotTo(lane.frameHops, a, h.slot);
  if (to - from < 3 || !lane.holds(from, to)) return 0;
  const mid = (from + to) >> 1;
  const bin = lane.binOf(hz);
  const drift = Math.abs(peakBin(lane, bin, from, mid) - peakBin(lane, bin, mid + 1, to));
  return Number.isNaN(drift) ? 0 : drift;
}

/**
 * Whether a reading at tempo 1 has more than MAX_DRIFTING_SLOTS slots whose tone moves more than
 * DRIFT_BINS within the slot: music notes that happen to fit the pattern, not a played trigger.
 * Readings off tempo 1 are left alone: a stretcher splices grains inside a slot and moves a played
 * tone's peak by up to a bin and a half (tempo 0.8-1.25 on the tuning split). Each slot is read in
 * the band where its tone stands highest over its reference.
 */
export function pitchDrifts(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
): boolean {
  if (Math.abs(tempoOf(plan, h) - 1) > TEMPO_ONE_SPAN) return false;
  let drifting = 0;
  for (let k = 0; k < plan.slotCount; k++) {
    let best = -1;
    let drift = 0;
    for (let b = 0; b < plan.bands.length; b++) {
      const lane = lanes[b];
      const tone = plan.bands[b]?.tones[k];
      if (!lane || tone === undefined) continue;
      const r = readSlot(plan, b, lane, h, k, false, true);
      if (r && r.ratio > best) {
        best = r.ratio;
        drift = slotDriftBins(lane, tone * h.speed, h, k);
      }
    }
    if (drift > DRIFT_BINS) drifting++;
  }
  return drifting > MAX_DRIFTING_SLOTS;
}
