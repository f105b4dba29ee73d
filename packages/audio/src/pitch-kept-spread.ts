import {
  type FieldLimits,
  type Hypothesis,
  SAME_TONE_BINS,
  type SlotReading,
  slotFrom,
  slotTo,
} from './field-score.ts';
import type { FieldPlan } from './field-trigger-plan.ts';
import { STRETCH_SLOT_HZ } from './pitch-kept-reach.ts';
import type { SpectrumLane } from './spectrum-lane.ts';

/**
 * Half-width (Hz) of the band a spread reading sums around a slot's grid tone. A time stretcher
 * that keeps the pitch splices grains with their own phase, so inside one 320 ms frame the tone
 * can jump phase every few tens of ms: its power leaves the two bins a slot is read at and lands
 * in sidebands (traced at tempo 0.8: a 1300 Hz tone read as two peaks at +-9 Hz, a 750 Hz tone as
 * a flat shelf +-20 Hz wide). Summing the frames' power over +-12 Hz is the non-coherent sum of
 * windows about 80 ms long, which such jumps do not cancel, read from the lane the detector
 * already keeps (docs/decisions/audio-tempo-pitch-kept.md, "Seventh pass").
 */
export const SPREAD_HALF_HZ = 12;
/** Where the references beside the tone are centred (Hz from it): halfway to the next grid tone,
 * as the plain reading's, so a band as wide as the tone's own just clears both. */
const BESIDE_HZ = 25;

/** Power of the bins within `half` bins of fractional bin `centre`, over frames from..to. */
function band(lane: SpectrumLane, centre: number, half: number, from: number, to: number): number {
  let sum = 0;
  for (let b = Math.ceil(centre - half); b <= Math.floor(centre + half); b++) sum += lane.sum(b, from, to);
  return sum;
}

/**
 * Reads slot `k`'s tone as the power over +-SPREAD_HALF_HZ of its grid frequency against the
 * same width beside it (+-BESIDE_HZ) and at the same frequency in the pattern's other-tone slots
 * and the slot before (the plain reading's floor). Its own tests stand in for the plain ones at a
 * coarser resolution: the band must stand over both bands beside it in each half of the slot (a
 * peak at 25 Hz resolution), and the band's power-weighted centre must lie within STRETCH_SLOT_HZ
 * of the grid tone (a note 10 Hz off weighs one side). Undefined when the audio is not held.
 */
export function readSlotSpread(
  plan: FieldPlan,
  bandIndex: number,
  lane: SpectrumLane,
  h: Hypothesis,
  k: number,
): SlotReading | undefined {
  const tones = plan.bands[bandIndex]?.tones ?? [];
  const nominal = tones[k] as number;
  const w = lane.frameHops;
  const a = h.start + k * h.slot;
  const from = slotFrom(w, a, h.slot);
  const to = slotTo(w, a, h.slot);
  if (!lane.holds(Math.min(from, slotFrom(w, h.start - h.slot, h.slot)), to) || to - from < 3)
    return undefined;
  const centre = lane.binOf(nominal);
  const half = SPREAD_HALF_HZ / lane.binHz;
  const offset = BESIDE_HZ / lane.binHz;
  const bins = Math.floor(centre + half) - Math.ceil(centre - half) + 1;
  const floor = bins * lane.floorPower;
  const mid = (from + to) >> 1;
  const halves: [number, number][] = [
    [from, mid],
    [mid + 1, to],
  ];
  const tone = halves.map(([f, t]) => band(lane, centre, half, f, t) / (t - f + 1));
  const beside = halves.map(
    ([f, t]) =>
      Math.max(band(lane, centre - offset, half, f, t), band(lane, centre + offset, half, f, t)) /
      (t - f + 1),
  );
  const n = to - from + 1;
  // The band's power over the slot, bin by bin: its sum is the signal, its weights the centre.
  let weighted = 0;
  let total = 0;
  for (let b = Math.ceil(centre - half); b <= Math.floor(centre + half); b++) {
    const p = lane.sum(b, from, to);
    weighted += p * lane.hzOf(b);
    total += p;
  }
  const signal = total / n;
  let quiet = 0;
  let quietCount = 0;
  for (let j = -1; j < tones.length; j++) {
    if (j >= 0 && Math.abs((tones[j] as number) - nominal) <= SAME_TONE_BINS * lane.binHz) continue;
    const qf = slotFrom(w, h.start + j * h.slot, h.slot);
    const qt = slotTo(w, h.start + j * h.slot, h.slot);
    quiet += band(lane, centre, half, qf, qt) / (qt - qf + 1);
    quietCount++;
  }
  quiet /= Math.max(1, quietCount);
  const besideAll =
    Math.min(band(lane, centre - offset, half, from, to), band(lane, centre + offset, half, from, to)) / n;
  const ratio = signal / (Math.max(besideAll, quiet) + 2 * floor);
  const [first, second] = tone as [number, number];
  const steady = Math.min(first, second) / (0.5 * (first + second) + 1e-30);
  const peakedHalves = tone.every((v, i) => v > (beside[i] as number));
  const measuredHz = total > 0 ? weighted / total : nominal;
  const errorBins = Math.abs(measuredHz - nominal) <= STRETCH_SLOT_HZ ? 0 : Number.POSITIVE_INFINITY;
  return { ratio, steady, measuredHz, errorBins, signal, peakedHalves };
}

/** Slot `k`'s strongest spread reading over the pattern's bands that passes the spread tests
 * (ratio 0: none does); undefined when the audio is not held. */
export function spreadSlot(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
  k: number,
  limits: FieldLimits,
): { ratio: number; steady: number } | undefined {
  let best = { ratio: 0, steady: 1 };
  for (let b = 0; b < plan.bands.length; b++) {
    const lane = lanes[b];
    if (!lane) continue;
    const r = readSlotSpread(plan, b, lane, h, k);
    if (!r) return undefined;
    const ok =
      r.ratio >= limits.minRatio &&
      r.steady >= limits.minSteady &&
      r.peakedHalves &&
      Number.isFinite(r.errorBins);
    if (ok && r.ratio > best.ratio) best = { ratio: r.ratio, steady: r.steady };
  }
  return best;
}
