import { type Hypothesis, readSlot, timingScore } from './field-score.ts';
import type { FieldPlan } from './field-trigger-plan.ts';
import type { SpectrumLane } from './spectrum-lane.ts';

/**
 * How far (bins of the field detector's 3 Hz spectrum) a slot's spectral peak may lie from the
 * tone's grid frequency for the tone to count as heard. A played tone peaks within about 0.3 bins
 * even at 0 dB SNR (the coherent detector only hears tones within ~1 Hz of the grid); the music
 * notes that fill a coherent 2 Hz bin without being there peak a bin or more away, or nowhere.
 */
export const AS_MADE_PEAK_BINS = 1;

/**
 * Whether every slot of `plan`, played as made (speed 1, nominal slot length), ending at some hop
 * in [endFrom, endTo], reads as a tone: a spectral peak over the whole slot within
 * `AS_MADE_PEAK_BINS` of the grid frequency, standing above the tone's own reference (the slot
 * before and the pattern's other tones' slots, and its neighbours). The end is the best-timed one
 * in the range (`timingScore`). False when no end can be read (the audio is no longer held).
 *
 * This is the field detector's look at a pattern another detector (the coherent one) reported and
 * the field detector did not confirm: the coherent detector reads 2 Hz bins at the grid
 * frequencies, which the flank of a music note one or two bins away can fill; the field
 * detector's spectrum shows where that energy actually peaks (docs/decisions/audio-fp-guard.md).
 */
export function heardAsMade(plan: FieldPlan, lane: SpectrumLane, endFrom: number, endTo: number): boolean {
  let best: { h: Hypothesis; db: number } | undefined;
  for (let end = Math.floor(endFrom); end <= Math.ceil(endTo); end++) {
    const h: Hypothesis = {
      start: end - plan.slotCount * plan.slotHops - lane.frameHops / 2,
      slot: plan.slotHops,
      speed: 1,
    };
    const db = timingScore(plan, [lane], h);
    if (db !== undefined && (best === undefined || db > best.db)) best = { h, db };
  }
  if (!best) return false;
  for (let k = 0; k < plan.slotCount; k++) {
    const r = readSlot(plan, 0, lane, best.h, k, false);
    if (!r || !(r.ratio > 1) || !(r.errorBins <= AS_MADE_PEAK_BINS)) return false;
  }
  return true;
}
