import { type Hypothesis, pair, SAME_TONE_BINS, slotLine, timingScore } from './field-score.ts';
import type { FieldPlan } from './field-trigger-plan.ts';
import { MAX_TEMPO, MIN_TEMPO } from './field-trigger-plan.ts';
import type { SpectrumLane } from './spectrum-lane.ts';

/**
 * The slot length a detection reports its tempo from. The reading that passed is not always timed
 * at the tempo played: a room's reading is read at the made slot length, and a reading at tempo 1
 * passes a stretch played at 0.8-0.9 whose slots it straddles; on the held-out benchmark about half
 * the detections of tempo 0.8 and 0.9, and a third of the 6 m room's, reported a tempo within 3 % of
 * the played one (bench/reported-timing.ts). Detection does not need the tempo; the activation
 * stores it and `tonemark detect --json` prints it.
 *
 * So once a detection is decided its slot length is measured again, for the report only, from the
 * tones' onsets: where each tone's power rises past half its level in its slot. An onset is where a room's sound arrives first (the direct path), so a room
 * delays none of them more than another, where the timing search's in/out fit follows the tails
 * and the crossings of two tones move with their levels. A straight line through the onsets gives
 * the slot length. Nothing here decides whether a trigger was heard.
 */

/** Onsets are looked for this far (in slots) either side of where the last timing put them. */
const REACH_SLOTS = 0.45;
/** A tone must rise at least this much (power ratio, 6 dB) from before its slot to in it. */
const MIN_RISE = 4;
/** Onsets that must lie on the fitted line, and how far from it they may lie (in slots, RMS). */
const MIN_ONSETS = 3;
const MAX_RESIDUAL_SLOTS = 0.04;
/** A detection found this far off speed 1 is a speed change, and reports the tempo it was read at. */
const SPEED_CHANGE = 0.005;
/** Refits from the onsets, each from the last one's timing. */
const PASSES = 3;
/** Slot lengths tried by the in/out search that gives a second starting timing. */
const SLOT_STEP = 1.02;
const SHIFT_STEP_FRAMES = 1 / 4;
const SHIFT_SPAN_FRAMES = 1;

interface OnsetFit {
  h: Hypothesis;
  onsets: number;
  /** Root-mean-square distance of the onsets from the fitted line, in hops. */
  residual: number;
}

export function reportedTiming(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  found: Hypothesis,
): Hypothesis {
  // Players change speed or tempo, not both, as the detector itself holds (isJointFit): a speed
  // change's slots are as long as its speed makes them, and the onsets could only add noise.
  if (Math.abs(found.speed - 1) > SPEED_CHANGE) return found;
  const fits = [refit(plan, lanes, found), refit(plan, lanes, inOutBest(plan, lanes, found))].filter(
    (f): f is OnsetFit => f !== undefined,
  );
  fits.sort((a, b) => b.onsets - a.onsets || a.residual - b.residual);
  const best = fits[0];
  // Two onsets always lie on a line: only three or more that agree outweigh the reading's own timing.
  return best && best.onsets >= MIN_ONSETS && best.residual <= MAX_RESIDUAL_SLOTS * best.h.slot
    ? best.h
    : found;
}

/** The onsets' fit from `h`, again from each fit, kept inside the tempo range searched. */
function refit(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
): OnsetFit | undefined {
  const slotMin = (plan.slotHops / (MAX_TEMPO * h.speed)) * 0.96;
  const slotMax = (plan.slotHops / (MIN_TEMPO * h.speed)) * 1.04;
  let last: OnsetFit | undefined;
  let at = h;
  for (let pass = 0; pass < PASSES; pass++) {
    const fit = fitOnsets(plan, lanes, at);
    if (!fit || fit.h.slot < slotMin || fit.h.slot > slotMax) break;
    last = fit;
    if (Math.abs(fit.h.slot / at.slot - 1) < 0.002 && Math.abs(fit.h.start - at.start) < 0.5) break;
    at = fit.h;
  }
  return last;
}

/** A line through the onsets of the tones that differ from the one before them (slot 0 included). */
export function fitOnsets(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
): OnsetFit | undefined {
  const band = plan.bands[0];
  const lane = lanes[0];
  if (!band || !lane) return undefined;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let k = 0; k < plan.slotCount; k++) {
    const hz = (band.tones[k] as number) * h.speed;
    const previous = band.tones[k - 1];
    if (previous !== undefined && Math.abs(previous * h.speed - hz) <= SAME_TONE_BINS * lane.binHz) continue;
    const onset = toneOnset(lane, hz, h.start + k * h.slot, h.slot);
    if (onset === undefined) continue;
    xs.push(k);
    ys.push(onset);
  }
  if (xs.length < 2) return undefined;
  const { start, slot } = slotLine(xs, ys);
  const n = xs.length;
  let squares = 0;
  for (let i = 0; i < n; i++) squares += ((ys[i] as number) - (start + slot * (xs[i] as number))) ** 2;
  return { h: { start, slot, speed: h.speed }, onsets: n, residual: Math.sqrt(squares / n) };
}

/**
 * Where the tone at `hz` rises past half its level over the slot at `at`, nearest `at` within the
 * reach; in centre-hop coordinates (a frame half filled with the tone is centred on its onset).
 * Undefined where it does not rise clearly from its level over the slot before.
 */
function toneOnset(lane: SpectrumLane, hz: number, at: number, slot: number): number | undefined {
  const w = lane.frameHops;
  const half = w / 2;
  const reach = REACH_SLOTS * slot;
  const bin = lane.binOf(hz);
  const beforeFrom = Math.floor(at - slot + half);
  const beforeTo = Math.floor(at - half);
  const inFrom = Math.ceil(at + slot * 0.5 - half);
  const inTo = Math.max(inFrom, Math.floor(at + slot - half));
  const from = Math.floor(at + half - reach);
  const to = Math.ceil(at + half + reach);
  if (beforeTo < beforeFrom || !lane.holds(Math.min(beforeFrom, from), Math.max(inTo, to))) return undefined;
  const floor = lane.floorPower;
  const before = pair(lane, bin, beforeFrom, beforeTo) / (beforeTo - beforeFrom + 1) + floor;
  const inside = pair(lane, bin, inFrom, inTo) / (inTo - inFrom + 1) + floor;
  if (inside < MIN_RISE * before) return undefined;
  // A frame half filled with a steady tone reads half its power, and is centred on the onset.
  const threshold = inside / 2;
  let best: number | undefined;
  let previous = pair(lane, bin, from, from) + floor;
  for (let e = from + 1; e <= to; e++) {
    const power = pair(lane, bin, e, e) + floor;
    if (previous < threshold && power >= threshold) {
      const crossing = e - 1 + Math.log(threshold / previous) / Math.log(power / previous) - half;
      if (best === undefined || Math.abs(crossing - at) < Math.abs(best - at)) best = crossing;
    }
    previous = power;
  }
  return best;
}

/** The timing search's in/out fit over the whole tempo range, around the detection's middle. */
function inOutBest(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  found: Hypothesis,
): Hypothesis {
  const frameHops = lanes[0]?.frameHops ?? 1;
  const slotMin = plan.slotHops / (MAX_TEMPO * found.speed);
  const slotMax = plan.slotHops / (MIN_TEMPO * found.speed);
  const middle = found.start + (plan.slotCount * found.slot) / 2;
  let best = found;
  let bestDb = Number.NEGATIVE_INFINITY;
  const steps = Math.round(SHIFT_SPAN_FRAMES / SHIFT_STEP_FRAMES);
  for (let slot = slotMin * 0.98; slot <= slotMax * 1.02; slot *= SLOT_STEP) {
    for (let i = -steps; i <= steps; i++) {
      const h: Hypothesis = {
        start: middle - (plan.slotCount * slot) / 2 + i * SHIFT_STEP_FRAMES * frameHops,
        slot,
        speed: found.speed,
      };
      const db = timingScore(plan, lanes, h);
      if (db !== undefined && db > bestDb) {
        bestDb = db;
        best = h;
      }
    }
  }
  return best;
}
