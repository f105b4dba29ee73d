import {
  type FieldLimits,
  type Hypothesis,
  type PatternScore,
  readSlot,
  SLOT_CAP_DB,
  type SlotReading,
  summariseSlots,
} from './field-score.ts';
import type { FieldPlan } from './field-trigger-plan.ts';
import { MAX_DIPPED_SLOTS, readSlotDipTolerant } from './pitch-kept-dip.ts';
import { handoverOf } from './pitch-kept-guard.ts';
import { tonesAllOffGrid } from './pitch-kept-off-grid.ts';
import { OFFSET_STEP_BINS, STRETCH_SLOT_HZ } from './pitch-kept-reach.ts';
import { spreadSlot } from './pitch-kept-spread.ts';
import type { SpectrumLane } from './spectrum-lane.ts';

/** A proposal whose speed (from one measured tone) is this close to 1 may be a pitch-kept stretch:
 * on the tuning split, stretched triggers were proposed at speeds 0.975-1.029 (a track that began
 * with a neighbouring sound), and the speed-1 search then timed them right. */
export const PITCH_KEPT_SPEED_SPAN = 0.03;

/** Whether a proposal's speed can come from a pitch-kept stretch's shifted tone. */
export function mayBePitchKept(speed: number): boolean {
  return Math.abs(speed - 1) <= PITCH_KEPT_SPEED_SPAN;
}

/**
 * Scores a pitch-kept hypothesis (speed exactly 1, slot length free): each slot's tone is read
 * where it is within `STRETCH_SLOT_HZ` of its grid frequency, and must pass every per-slot test
 * there (over its neighbours and its own floor, steady, a spectral peak in each half, measured at
 * the offset read). Stricter than `scorePattern` in one way: no slot may be masked. The caller
 * asks for more evidence than for a played-as-made pattern, since per-slot freedom lets more
 * music fit (docs/decisions/audio-tempo-pitch-kept.md).
 */
export function scorePitchKept(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
  limits: FieldLimits,
): PatternScore | undefined {
  let sumDb = 0;
  let cappedDb = 0;
  let steadyDb = 0;
  let minDb = Number.POSITIVE_INFINITY;
  let pass = true;
  const slots: { ratio: number; steady: number }[] = [];
  for (let k = 0; k < plan.slotCount; k++) {
    const found = bestOffsetReading(plan, lanes, h, k, limits, readSlot);
    if (!found) return undefined;
    slots.push(found);
  }
  // Slots a stretch dipped (their tone comes and goes) are read again from their strongest
  // frames, only where no other slot fails: a reading that fails anyway costs nothing more.
  const failed = slots.flatMap((s, k) => (s.ratio === 0 ? [k] : []));
  if (failed.length > 0 && failed.length <= MAX_DIPPED_SLOTS) {
    for (const k of failed) {
      const dipped = bestOffsetReading(plan, lanes, h, k, limits, readSlotDipTolerant);
      if (dipped) slots[k] = dipped;
      // Still failing: the tone may have left its two bins for sidebands (grains spliced with
      // their own phase inside one frame), which a band around the grid tone still holds.
      if (slots[k]?.ratio === 0) {
        const spread = spreadSlot(plan, lanes, h, k, limits);
        if (spread) slots[k] = spread;
      }
    }
  }
  for (const { ratio: best, steady: bestSteady } of slots) {
    if (best === 0) pass = false;
    const db = 10 * Math.log10(Math.max(best, 1e-3));
    steadyDb += 10 * Math.log10(Math.max(bestSteady, 1e-3));
    sumDb += db;
    cappedDb += Math.min(db, SLOT_CAP_DB);
    minDb = Math.min(minDb, db);
  }
  // Speed 1 by hypothesis: the pitch was kept.
  return summariseSlots(plan.slotCount, { sumDb, cappedDb, steadyDb, minDb }, pass, 1);
}

export type SlotReader = (
  plan: FieldPlan,
  band: number,
  lane: SpectrumLane,
  h: Hypothesis,
  k: number,
  halves: boolean,
) => SlotReading | undefined;

/** Slot `k`'s strongest passing reading over every band and every offset within
 * `STRETCH_SLOT_HZ` of its grid tone (ratio 0: none passes); undefined when the audio is not held. */
export function bestOffsetReading(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
  k: number,
  limits: FieldLimits,
  read: SlotReader,
): { ratio: number; steady: number } | undefined {
  let best = 0;
  let bestSteady = 1;
  for (let b = 0; b < plan.bands.length; b++) {
    const lane = lanes[b];
    const nominal = plan.bands[b]?.tones[k];
    if (!lane || nominal === undefined) continue;
    const span = Math.floor(STRETCH_SLOT_HZ / lane.binHz / OFFSET_STEP_BINS);
    for (let o = -span; o <= span; o++) {
      const speed = 1 + (o * OFFSET_STEP_BINS * lane.binHz) / nominal;
      const r = read(plan, b, lane, { ...h, speed }, k, true);
      if (!r) {
        // The dip-tolerant reader also declines slots too short to leave frames out.
        if (read === readSlot) return undefined;
        continue;
      }
      const ok =
        r.ratio >= limits.minRatio &&
        r.steady >= limits.minSteady &&
        r.errorBins <= limits.maxFrequencyErrorBins &&
        r.peakedHalves &&
        Math.abs(r.measuredHz - nominal) <= STRETCH_SLOT_HZ;
      if (ok && r.ratio > best) {
        best = r.ratio;
        bestSteady = r.steady;
      }
    }
  }
  return { ratio: best, steady: bestSteady };
}

/**
 * Evidence a pitch-kept reading needs over the detector's threshold (dB). Per-slot freedom of
 * +-STRETCH_SLOT_HZ lets chance notes fit more often than one speed fitted to all four tones;
 * the same rule as for more triggers (1.75 dB per tenfold chances) and the measured chance
 * readings on trigger-free audio set it (docs/decisions/audio-tempo-pitch-kept.md).
 */
export const PITCH_KEPT_EXTRA_DB = 2;
/**
 * The extra evidence (dB) a pitch-kept reading needs when its tones hand over at one common offset
 * from all its boundaries (`handoverOf` 'agreed'). Of chance readings that hand over within a third
 * of a slot, about one in sixteen would also agree within a tenth (three crossings spread at random
 * over two thirds of a slot), which would price the agreement at ~2 dB; half of it is kept, since a
 * chance reading that borrows one slot from a played trigger agreed at 0.1 dB over the threshold on
 * the tuning split (docs/decisions/audio-tempo-pitch-kept.md, "Fifth pass").
 */
export const PITCH_KEPT_AGREED_EXTRA_DB = 1;

/** Slot-length scales and start shifts (in frames) tried around a pitch-kept timing: the timing
 * search and boundary fit read the tones at their grid bins, which a stretched tone may have left,
 * so they time it to a few percent only (on the tuning split a slot 6 % long passed where the
 * boundary fit's, 0.3 % off, failed one slot). */
const REFINE_GRID: readonly [number, number][] = [0.97, 0.985, 1, 1.015, 1.03]
  .flatMap((scale): [number, number][] => [-0.25, 0, 0.25].map((shift): [number, number] => [scale, shift]))
  // Nearest first: of equal figures the first found is kept.
  .sort(
    (a, b) =>
      Math.abs(a[0] - 1) / 0.015 +
      Math.abs(a[1]) / 0.25 -
      (Math.abs(b[0] - 1) / 0.015 + Math.abs(b[1]) / 0.25),
  );

/** A pitch-kept timing, its score, and the extra evidence over the threshold its handovers ask. */
export interface PitchKeptReading {
  refined: Hypothesis;
  score: PatternScore;
  extraDb: number;
}

/**
 * The best-reading pitch-kept timing near `h`: every slot-length scale and start shift of the
 * small grid is scored, and the passing one with the highest decision figure over the extra
 * evidence it needs is kept (of equal figures, the one nearest `h`, so the reported tempo stays
 * the boundary fit's when it passes). A timing passes only where the tones hand over to one
 * another at its boundaries (`handoverOf`): the guard against music at its own pitch near the
 * grid; where they hand over at equally spaced times it needs less extra evidence.
 */
export function bestPitchKept(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
  limits: FieldLimits,
  /** Slot lengths (hops) of the tempo range searched: a reading outside it is a chance fit. */
  slotRange: readonly [number, number] = [0, Number.POSITIVE_INFINITY],
  /** 'agreed': only timings whose tones hand over at one tempo (a timing the boundary fit did
   * not give, read as a second chance: see `field-detector.ts`, `pitchKept`). */
  handovers: 'any' | 'agreed' = 'any',
): PitchKeptReading | undefined {
  const frameHops = lanes[0]?.frameHops ?? 1;
  let best: PitchKeptReading | undefined;
  for (const [scale, shift] of REFINE_GRID) {
    const refined = { start: h.start + shift * frameHops, slot: h.slot * scale, speed: 1 };
    if (refined.slot < slotRange[0] || refined.slot > slotRange[1]) continue;
    const score = scorePitchKept(plan, lanes, refined, limits);
    const bestHeadroom = best ? best.score.decisionDb - best.extraDb : Number.NEGATIVE_INFINITY;
    // Neither extra can lift a reading no better than the kept one by the agreed reading's saving.
    if (!score?.pass || score.decisionDb - PITCH_KEPT_AGREED_EXTRA_DB <= bestHeadroom + 0.05) continue;
    const handover = handoverOf(heardTonesPlan(plan, lanes, refined), lanes, refined);
    if (handover === 'none' || (handovers === 'agreed' && handover !== 'agreed')) continue;
    const extraDb = handover === 'agreed' ? PITCH_KEPT_AGREED_EXTRA_DB : PITCH_KEPT_EXTRA_DB;
    if (score.decisionDb - extraDb <= bestHeadroom + 0.05) continue;
    // Every tone far off its grid tone: music near the grid, not a stretch (scale8).
    if (tonesAllOffGrid(plan, lanes, refined)) continue;
    best = { refined, score, extraDb };
  }
  return best;
}

/**
 * The pattern with each slot's tone moved to where it is heard under `h`, within
 * +-STRETCH_SLOT_HZ of its grid frequency (the strongest offset read): for timing a pitch-kept
 * stretch only. The timing search and the boundary fit read each tone at one bin, and a tone a
 * stretch moved by 3-5 Hz has left that bin, so they time such a pattern several hops off;
 * read where the tones are, the boundaries time it as they time a pattern played as made.
 */
export function heardTonesPlan(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
): FieldPlan {
  const bands = plan.bands.map((band, b) => {
    const lane = lanes[b];
    if (!lane) return band;
    const span = Math.floor(STRETCH_SLOT_HZ / lane.binHz / OFFSET_STEP_BINS);
    const tones = band.tones.map((nominal, k) => {
      let best = nominal;
      let bestRatio = 0;
      for (let o = -span; o <= span; o++) {
        const hz = nominal + o * OFFSET_STEP_BINS * lane.binHz;
        const r = readSlot(plan, b, lane, { ...h, speed: hz / nominal }, k, false, true);
        if (r && r.ratio > bestRatio) {
          bestRatio = r.ratio;
          best = hz;
        }
      }
      return best;
    });
    return { ...band, tones };
  });
  return { ...plan, bands };
}
