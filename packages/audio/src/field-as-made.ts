import {
  type Hypothesis,
  MASKED_OTHERS_DB,
  readSlot,
  type SlotReading,
  slotFrom,
  slotTo,
  timingScore,
} from './field-score.ts';
import type { FieldPlan } from './field-trigger-plan.ts';
import type { SpectrumLane } from './spectrum-lane.ts';

/**
 * How far (bins of the field detector's 3 Hz spectrum) a slot's spectral peak may lie from the
 * tone's grid frequency for the tone to count as heard. A played tone peaks within about 0.3 bins
 * even at 0 dB SNR (the coherent detector only hears tones within ~1 Hz of the grid); the music
 * notes that fill a coherent 2 Hz bin without being there peak a bin or more away, or nowhere.
 */
export const AS_MADE_PEAK_BINS = 1;

/** The neighbourhood read around each slot's tone (bins either side): 6 bins of 3.1 Hz, inside the
 * 25 Hz to halfway to the next grid step, wide enough to hold a note whose flank fills the tone's
 * bin (the false positives of docs/decisions/audio-fp-guard.md: notes 1-6 bins off). */
export const NEIGHBOURHOOD_BINS = 6;

/**
 * Whether every slot of `plan`, played as made (speed 1, nominal slot length), ending at some hop
 * in [endFrom, endTo], reads as a tone (`slotsReadAsTones`). The end is the best-timed one in the
 * range (`timingScore`). False when no end can be read.
 *
 * This is the field detector's look at a pattern another detector (the coherent one) reported and
 * the field detector did not confirm: the coherent detector reads 2 Hz bins at the grid
 * frequencies, which the flank of a music note one or two bins away can fill; the field
 * detector's spectrum shows where that energy actually peaks (docs/decisions/audio-fp-guard.md).
 */
export function heardAsMade(
  plan: FieldPlan,
  lane: SpectrumLane,
  endFrom: number,
  endTo: number,
  /** The per-slot ratio a masked slot must still reach (the field detector's `minRatio`). */
  minRatio: number,
): boolean {
  const reading = readTonesAsMade(plan, lane, endFrom, endTo);
  return reading !== undefined && slotsReadAsTones(reading.slots, minRatio);
}

/**
 * Whether slot readings are tones: each a spectral peak within `AS_MADE_PEAK_BINS` of the grid
 * frequency, standing above the tone's own reference (the slot before and the pattern's other
 * tones' slots, and its neighbours). As in the field detector's own test (`scorePattern`), one
 * slot may be excused when the other slots read `MASKED_OTHERS_DB` on average: either masked, loud
 * at the tone (>= `minRatio`) but peaking beside it (a note within a bin or two: on the tuning
 * split, T17's 1400 Hz beside an F6 and a room-and-babble T02 read so), or covered: not over its
 * reference (reverberation or noise there and in the reference slots) but still the strongest
 * sound of its neighbourhood, peaking within `AS_MADE_PEAK_BINS` of the tone. A note's flank that
 * filled the coherent detector's bin has the note itself, stronger, beside it.
 */
const isCentred = (r: AsMadeSlot) =>
  r.errorBins <= AS_MADE_PEAK_BINS && Math.abs(r.strongestAtBins) <= AS_MADE_PEAK_BINS;

/**
 * How many slots may have a stronger sound in their neighbourhood more than `AS_MADE_PEAK_BINS`
 * from the tone. A played tone now and then sits beside a louder note or voice in one slot
 * (tuning split, every condition, two trigger sets: never in two); a coherent report that music
 * completed sits beside the notes that filled its 2 Hz bins in two or more (held-out tempo 0.8,
 * T02: notes 5 and 6 bins off, 12 and 9 dB over the tone). Asking it of every slot cost 2.5 points
 * in the 1 m room (docs/decisions/audio-fp-guard.md); one slot is the same budget as the excuse.
 */
export const BESIDE_LOUDER_SLOTS = 1;

const besideLouder = (r: AsMadeSlot) =>
  Math.abs(r.strongestAtBins) > AS_MADE_PEAK_BINS && r.strongestOverToneDb > 0;

export function slotsReadAsTones(slots: readonly AsMadeSlot[], minRatio: number): boolean {
  if (slots.filter(besideLouder).length > BESIDE_LOUDER_SLOTS) return false;
  let excused = 0;
  let heardDb = 0;
  for (const r of slots) {
    if (r.ratio > 1 && r.errorBins <= AS_MADE_PEAK_BINS) heardDb += 10 * Math.log10(r.ratio);
    else if (r.ratio >= minRatio || isCentred(r)) excused++;
    else return false;
  }
  return excused === 0 || (excused === 1 && heardDb / (slots.length - 1) >= MASKED_OTHERS_DB);
}

export interface AsMadeSlot extends SlotReading {
  /** Where, within NEIGHBOURHOOD_BINS of the tone's bin, the slot's power is strongest (bins from it). */
  strongestAtBins: number;
  /** How far that strongest bin stands over the tone's own bin (dB; 0 when the tone's is it). */
  strongestOverToneDb: number;
}

/**
 * The best-timed reading of `plan` as made (speed 1) ending in [endFrom, endTo], with slot lengths
 * from `slotHops` (default: nominal only; bench/as-made-probe.ts tries tempo too), and every
 * slot's reading and spectral neighbourhood. Undefined when the audio is not held.
 */
export function readTonesAsMade(
  plan: FieldPlan,
  lane: SpectrumLane,
  endFrom: number,
  endTo: number,
  slotHops: readonly number[] = [plan.slotHops],
): { h: Hypothesis; timingDb: number; slots: AsMadeSlot[] } | undefined {
  let best: { h: Hypothesis; db: number } | undefined;
  for (const slot of slotHops)
    for (let end = Math.floor(endFrom); end <= Math.ceil(endTo); end++) {
      const h: Hypothesis = { start: end - plan.slotCount * slot - lane.frameHops / 2, slot, speed: 1 };
      const db = timingScore(plan, [lane], h);
      if (db !== undefined && (best === undefined || db > best.db)) best = { h, db };
    }
  if (!best) return undefined;
  const slots: AsMadeSlot[] = [];
  for (let k = 0; k < plan.slotCount; k++) {
    const r = readSlot(plan, 0, lane, best.h, k, false);
    if (!r) return undefined;
    const bin = Math.round(lane.binOf(plan.bands[0]?.tones[k] as number));
    const a = best.h.start + k * best.h.slot;
    const from = slotFrom(lane.frameHops, a, best.h.slot);
    const to = slotTo(lane.frameHops, a, best.h.slot);
    const own = lane.sum(bin, from, to);
    let at = 0;
    let top = own;
    for (let d = -NEIGHBOURHOOD_BINS; d <= NEIGHBOURHOOD_BINS; d++) {
      const v = lane.sum(bin + d, from, to);
      if (v > top) {
        top = v;
        at = d;
      }
    }
    slots.push({
      ...r,
      strongestAtBins: at,
      strongestOverToneDb: 10 * Math.log10((top + 1e-30) / (own + 1e-30)),
    });
  }
  return { h: best.h, timingDb: best.db, slots };
}
