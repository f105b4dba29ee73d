import type { Hypothesis } from './field-score.ts';
import { SAME_TONE_BINS, slotFrom, slotTo } from './field-score.ts';
import type { FieldPlan } from './field-trigger-plan.ts';
import type { SpectrumLane } from './spectrum-lane.ts';

/** A slot's onset is read only where its tone rises at least this far (power ratio, 10 dB) from
 * the quietest frame before it to its plateau: a weaker tone's crossing is noise's. */
const MIN_RISE = 10;
/** Onsets are looked for within this many slots of where the hypothesis puts them. */
const SEARCH_SLOTS = 0.75;
/** A fitted onset this far (in slots) off the line of the others is dropped, once. */
const OUTLIER_SLOTS = 0.2;
/** Refits from the previous fit: a timing that starts a few hops off converges in two or three. */
const PASSES = 3;
/** A fit that changes the slot length more than this (relative) is not the same timing. */
const MAX_SLOT_CHANGE = 0.3;

/**
 * Times a pattern by its slots' onsets instead of their boundaries. In a reverberant room each
 * tone's tail runs on into the next slot (at RT60 1 s it has fallen only 10 dB a frame later),
 * so where one tone's power crosses the next one's depends on how loud the first arrived: a tone
 * the room's notch left 15 dB under the others is crossed early, one 15 dB over them a quarter
 * slot late, and the boundary fit (`fitBoundaries`) and the in/out timing search read slot
 * lengths anywhere in tempo 0.8-1.3 for triggers played at 1 (6 m, RT60 1.0 s). A tone's onset
 * does not depend on the tone before it: its power rises from its own floor as the direct sound
 * and the room build up (a few hops at RT60 1.0 s) and the frame centred on a step holds half the
 * plateau. So each slot whose tone rises clearly is timed where its power first reaches half its
 * plateau, near where `h` puts it, and a line through those onsets gives start and slot length.
 * Undefined when fewer than two onsets can be read.
 */
export function fitOnsets(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
): Hypothesis | undefined {
  let fit: Hypothesis | undefined = h;
  for (let pass = 0; pass < PASSES && fit; pass++) {
    const next = fitOnce(plan, lanes, fit);
    if (!next || Math.abs(next.slot / h.slot - 1) > MAX_SLOT_CHANGE) return undefined;
    const settled = Math.abs(next.start - fit.start) < 0.5 && Math.abs(next.slot - fit.slot) < 0.25;
    fit = next;
    if (settled) break;
  }
  return fit;
}

function fitOnce(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
): Hypothesis | undefined {
  const band = plan.bands[0];
  const lane = lanes[0];
  if (!band || !lane) return undefined;
  const w = lane.frameHops;
  const half = w / 2;
  const points: [number, number][] = [];
  for (let k = 0; k < plan.slotCount; k++) {
    const tone = band.tones[k] as number;
    const previous = band.tones[k - 1];
    if (previous !== undefined && Math.abs(previous - tone) * h.speed <= SAME_TONE_BINS * lane.binHz)
      continue;
    const onset = onsetOf(lane, lane.binOf(tone * h.speed), h.start + k * h.slot, h.slot, w, half);
    if (onset !== undefined) points.push([k, onset]);
  }
  let line = fitLine(points);
  if (line && points.length >= 3) {
    let worst = -1;
    let worstError = OUTLIER_SLOTS * line.slot;
    points.forEach(([k, t], i) => {
      const error = Math.abs(t - (line as Hypothesis).start - k * (line as Hypothesis).slot);
      if (error > worstError) {
        worst = i;
        worstError = error;
      }
    });
    if (worst >= 0) {
      points.splice(worst, 1);
      line = fitLine(points);
    }
  }
  return line && line.slot > 0 ? { start: line.start, slot: line.slot, speed: h.speed } : undefined;
}

/** Where (centre hop) the tone at `bin` rises through half its plateau within SEARCH_SLOTS of
 * `predicted`, the plateau being its mean over the frames inside the slot predicted. Of several
 * crossings (noise, a tail's ripple) the one the tone holds after and was quiet before: the most
 * frames at or over half the plateau in the half slot after it, less those in the half slot before. */
function onsetOf(
  lane: SpectrumLane,
  bin: number,
  predicted: number,
  slot: number,
  w: number,
  half: number,
): number | undefined {
  const reach = Math.ceil(0.5 * slot);
  const from = Math.floor(predicted - SEARCH_SLOTS * slot + half);
  const to = Math.ceil(predicted + SEARCH_SLOTS * slot + half);
  const inFrom = slotFrom(w, predicted, slot);
  const inTo = slotTo(w, predicted, slot);
  if (!lane.holds(Math.min(from - reach, inFrom), Math.max(to + reach, inTo))) return undefined;
  const b = Math.floor(bin);
  const power = (e: number) => lane.sum(b, e, e) + lane.sum(b + 1, e, e) + lane.floorPower;
  const plateau = (lane.sum(b, inFrom, inTo) + lane.sum(b + 1, inFrom, inTo)) / (inTo - inFrom + 1);
  const target = 0.5 * plateau;
  const held = (a: number, z: number) => {
    let n = 0;
    for (let e = a; e <= z; e++) if (power(e) >= target) n++;
    return n;
  };
  let quietest = Number.POSITIVE_INFINITY;
  let best: number | undefined;
  let bestHeld = 0;
  let previous = power(from);
  for (let e = from + 1; e <= to; e++) {
    quietest = Math.min(quietest, previous);
    const p = power(e);
    if (previous < target && p >= target && plateau >= MIN_RISE * quietest) {
      const score = held(e, e + reach) - held(e - reach, e - 1);
      if (best === undefined || score > bestHeld) {
        best = e - 1 + (target - previous) / (p - previous) - half;
        bestHeld = score;
      }
    }
    previous = p;
  }
  return best;
}

/** Least-squares line t = start + k * slot through (k, t); undefined without two distinct k. */
function fitLine(points: readonly [number, number][]): { start: number; slot: number } | undefined {
  const n = points.length;
  if (n < 2) return undefined;
  let mx = 0;
  let my = 0;
  for (const [k, t] of points) {
    mx += k / n;
    my += t / n;
  }
  let sxy = 0;
  let sxx = 0;
  for (const [k, t] of points) {
    sxy += (k - mx) * (t - my);
    sxx += (k - mx) ** 2;
  }
  if (sxx === 0) return undefined;
  const slot = sxy / sxx;
  return { start: my - slot * mx, slot };
}
