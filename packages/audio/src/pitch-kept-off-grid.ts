import { type Hypothesis, readSlot } from './field-score.ts';
import type { FieldPlan } from './field-trigger-plan.ts';
import { OFFSET_STEP_BINS, STRETCH_SLOT_HZ } from './pitch-kept-reach.ts';
import type { SpectrumLane } from './spectrum-lane.ts';

/**
 * How far (Hz) every one of a pitch-kept reading's tones may be measured off its grid tone before
 * the reading is taken for music near the grid rather than a stretch. A stretcher moves each slot's
 * tone by its own few Hz, most slots within 2 Hz, so at least one of a played stretch's four tones
 * lies near its grid tone; music that happens to sit near the grid lands anywhere within the
 * +-STRETCH_SLOT_HZ the reading allows, and all four of its tones are far off in about one chance
 * fit in ten (57 % of chance slots lie more than 3 Hz off). Measured on the tuning split's played
 * pitch-kept readings (1,371: tempo 0.8 / 0.9 / 1.1 / 1.25 WSOLA on two to four trigger sets,
 * Rubber Band 0.8 / 1.25, the rooms; codecs and speed give none): the nearest of a reading's four
 * tones lay at most 2.74 Hz off (tempo 1.25, one event), 2.1 Hz off in every other
 * (docs/decisions/audio-shared-sound-pairs.md, scale8).
 */
export const OFF_GRID_HZ = 3;
/** How far (bins) a slot's spectral peak may lie from the offset read and still be that slot's tone. */
const PEAK_NEAR_BINS = 0.35;

/**
 * Where slot k's tone is measured, as Hz off its grid tone: the spectral peak of the strongest
 * reading within STRETCH_SLOT_HZ of the grid tone (over every band) whose peak lies within PEAK_NEAR_BINS
 * of the offset read; undefined where no reading has such a peak (the slot is judged elsewhere).
 */
export function toneOffsetHz(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
  k: number,
): number | undefined {
  let best = 0;
  let offset: number | undefined;
  for (let b = 0; b < plan.bands.length; b++) {
    const lane = lanes[b];
    const nominal = plan.bands[b]?.tones[k];
    if (!lane || nominal === undefined) continue;
    const span = Math.floor(STRETCH_SLOT_HZ / lane.binHz / OFFSET_STEP_BINS);
    for (let o = -span; o <= span; o++) {
      const speed = 1 + (o * OFFSET_STEP_BINS * lane.binHz) / nominal;
      const r = readSlot(plan, b, lane, { ...h, speed }, k, true);
      if (!r || !(r.errorBins <= PEAK_NEAR_BINS) || r.ratio <= best) continue;
      best = r.ratio;
      offset = r.measuredHz - nominal;
    }
  }
  return offset;
}

/**
 * Whether every tone of a pitch-kept reading (speed 1, `h`) is measured more than OFF_GRID_HZ off
 * its grid tone: music near the grid, not a stretched trigger. A slot without a measured peak
 * counts as near (no evidence against the reading).
 */
export function tonesAllOffGrid(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
): boolean {
  for (let k = 0; k < plan.slotCount; k++) {
    const offset = toneOffsetHz(plan, lanes, h, k);
    if (offset === undefined || Math.abs(offset) <= OFF_GRID_HZ) return false;
  }
  return true;
}
