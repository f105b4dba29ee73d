import {
  gatheredRatio,
  gatherReference,
  gatherSlot,
  gatherTone,
  SlotSpans,
  toneRatioBound,
} from './field-prescreen-read.ts';
import { type Hypothesis, SLOT_CAP_DB } from './field-score.ts';
import type { FieldPlan } from './field-trigger-plan.ts';
import type { SpectrumLane } from './spectrum-lane.ts';

/** A slot's dB is floored here (a ratio of 1e-3): a slot needing less than this cannot fail. */
const MIN_SLOT_DB = -30;
/** Relative margin under a slot's least ratio before giving up, far above rounding: a slot read just
 * under the least is then still read in full and judged as `scorePattern` would. */
const GIVE_UP_MARGIN = 1e-9;
const DB_TO_LN = Math.LN10 / 10;
/** Slots read before any decision: a chance proposal fails on its second slot read. */
const ALWAYS_READ = 2;

/** The frames of the hypothesis being read, per band (scratch: readings do not nest). */
const SPANS: SlotSpans[] = [];

/**
 * The capped mean score (dB) of a hypothesis, as `scorePattern` computes it, or -Infinity as soon
 * as it cannot reach `floorDb` (or the audio it needs is not held). The prescreen of every
 * proposal: with a thousand triggers nearly all proposals are chance pairs of music tracks, so
 * this runs hundreds of times a second and reads as little as it can. Only the tone ratio is read
 * (steadiness and frequency matter only to the strict tests), and the slots are read in `order`,
 * the slots the proposing tracks did not supply first: a chance pair reads nothing there, so the
 * reading gives up after two slots instead of after the pair's two loud ones and two more. The
 * mean is summed in slot order, so a score that is completed is the same number `scorePattern`
 * gives. At a thousand triggers the reading is bound by cache misses (the running sums of 3,000
 * proposals a second, at rows all over the ring), so the first two slots are loaded together,
 * without a decision between their loads, and decided after (docs/decisions/field-detector-cost.md).
 */
export function prescreenScore(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
  order: readonly number[],
  floorDb: number,
  /** Scratch, one entry per slot. */
  slotDb: Float64Array,
): number {
  const need = floorDb * plan.slotCount;
  for (let b = 0; b < plan.bands.length; b++) {
    const lane = lanes[b];
    if (!lane) continue;
    if (SPANS.length <= b) SPANS.push(new SlotSpans());
    const spans = SPANS[b] as SlotSpans;
    spans.set(lane, h, plan.slotCount);
    spans.tones(plan, b, lane, h);
    // The slots every reading reads (the first can hardly fail alone: the others may still make
    // up for it at the cap), loaded together so their cache misses overlap: first their tones.
    for (let i = 0; i < ALWAYS_READ && i < order.length; i++)
      if (!gatherTone(lane, spans, order[i] as number)) return Number.NEGATIVE_INFINITY;
  }
  const thresholds = prescreenThresholds(floorDb, order.length);
  // A quarter of chance readings fail on their tones over the neighbours alone: their reference
  // (four of a slot's seven pairs) is then not read; the same answer, as the bound is never under
  // the ratio (docs/decisions/field-detector-cost.md, cpu7).
  if (toneBoundFails(plan, lanes, order, thresholds.toneBound)) return Number.NEGATIVE_INFINITY;
  for (let b = 0; b < plan.bands.length; b++) {
    const lane = lanes[b];
    if (!lane) continue;
    const spans = SPANS[b] as SlotSpans;
    for (let i = 0; i < ALWAYS_READ && i < order.length; i++)
      gatherReference(lane, spans, order[i] as number);
  }
  let sum = 0;
  // The capped slots read so far, multiplied as ratios: the give-up below divides a threshold worked
  // out once per floor by it instead of taking an exponential per slot.
  let product = 1;
  for (let i = 0; i < order.length; i++) {
    const k = order[i] as number;
    // The least this slot may read without the score falling below the floor: a slot whose every
    // band stays under it ends the reading. Only a shortcut: a slot under `giveUp` fails the sum's
    // test below too (the margin is far above the rounding of either way of reckoning it).
    const least = need - sum - (order.length - i - 1) * SLOT_CAP_DB;
    const giveUp = least > MIN_SLOT_DB ? (thresholds.giveUp[i] as number) / product : 0;
    let best = 0;
    for (let b = 0; b < plan.bands.length; b++) {
      const lane = lanes[b];
      if (!lane) continue;
      const spans = SPANS[b] as SlotSpans;
      if (i >= ALWAYS_READ && !gatherSlot(lane, spans, k)) return Number.NEGATIVE_INFINITY;
      const ratio = gatheredRatio(lane, spans, k);
      if (ratio > best) best = ratio;
    }
    if (best < giveUp) return Number.NEGATIVE_INFINITY;
    const db = cappedSlotDb(best);
    slotDb[k] = db;
    sum += db;
    product *= cappedRatio(best);
    if (sum + (order.length - i - 1) * SLOT_CAP_DB < need) return Number.NEGATIVE_INFINITY;
  }
  let capped = 0;
  for (let k = 0; k < plan.slotCount; k++) capped += slotDb[k] as number;
  return capped / plan.slotCount;
}

/** A slot's ratio in dB as the prescreen counts it: floored at -30 dB, capped at `SLOT_CAP_DB`. */
function cappedSlotDb(ratio: number): number {
  return Math.min(10 * Math.log10(Math.max(ratio, 1e-3)), SLOT_CAP_DB);
}

/** `SLOT_CAP_DB` as a ratio. */
const SLOT_CAP_RATIO = 10 ** (SLOT_CAP_DB / 10);

/** A slot's ratio floored and capped as `cappedSlotDb` counts it, left a ratio. */
function cappedRatio(ratio: number): number {
  return Math.min(Math.max(ratio, 1e-3), SLOT_CAP_RATIO);
}

/** Margin (dB) under the floor before the tones' bound decides, far above the rounding of a
 * logarithm and two sums. */
const BOUND_MARGIN_DB = 1e-9;

/**
 * The prescreen's give-up levels as ratios, for one floor and pattern length: `giveUp[i]`, divided
 * by the product of the capped ratios of the `i` slots read before, is the least slot `order[i]`
 * may read (`need` less their dB and the cap for every slot after it, as a ratio, lowered by the
 * relative `GIVE_UP_MARGIN`); `toneBound`: the product of the first `ALWAYS_READ` slots' capped
 * tone bounds under which the reading cannot reach the floor. Worked out once per floor: an
 * exponential per slot read, and a logarithm per tone bound, were a twentieth of the prescreen at
 * 1,000 triggers (docs/decisions/field-detector-cost.md, cpu8). Both only decide where the sums of
 * dB would decide the same: their margins (1e-9, relative and in dB) are far above the rounding
 * that separates a product of ratios from a sum of their logarithms (about 1e-15 relative).
 */
export interface PrescreenThresholds {
  readonly giveUp: Float64Array;
  readonly toneBound: number;
}

/** By floor (detectors listening for different numbers of triggers may share a process), then by
 * pattern length; the last floor asked for kept at hand. */
const THRESHOLDS = new Map<number, (PrescreenThresholds | undefined)[]>();
let lastFloor = Number.NaN;
let lastThresholds: (PrescreenThresholds | undefined)[] = [];

/** `PrescreenThresholds` for `floorDb` and a pattern of `slotCount` slots. */
export function prescreenThresholds(floorDb: number, slotCount: number): PrescreenThresholds {
  if (floorDb !== lastFloor) {
    let byLength = THRESHOLDS.get(floorDb);
    if (byLength === undefined) {
      byLength = [];
      THRESHOLDS.set(floorDb, byLength);
    }
    lastFloor = floorDb;
    lastThresholds = byLength;
  }
  let t = lastThresholds[slotCount];
  if (t === undefined) {
    const need = floorDb * slotCount;
    const giveUp = new Float64Array(slotCount);
    for (let i = 0; i < slotCount; i++)
      giveUp[i] = Math.exp((need - (slotCount - i - 1) * SLOT_CAP_DB) * DB_TO_LN) * (1 - GIVE_UP_MARGIN);
    const boundDb = need - BOUND_MARGIN_DB - (slotCount - ALWAYS_READ) * SLOT_CAP_DB;
    // Over two slots, where a bound can decide; none below them.
    const toneBound = slotCount < ALWAYS_READ ? 0 : Math.exp(boundDb * DB_TO_LN) * (1 - GIVE_UP_MARGIN);
    t = { giveUp, toneBound };
    lastThresholds[slotCount] = t;
  }
  return t;
}

/**
 * Whether the first `ALWAYS_READ` slots' tones over their neighbours (`toneRatioBound`, tones
 * gathered for every band with a lane), capped and multiplied, stay under `toneBound`
 * (`prescreenThresholds`): with every later slot at the cap the reading would give up after them,
 * whatever their reference reads.
 */
function toneBoundFails(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  order: readonly number[],
  toneBound: number,
): boolean {
  if (order.length < ALWAYS_READ) return false;
  let product = 1;
  for (let i = 0; i < ALWAYS_READ; i++) {
    const k = order[i] as number;
    let best = 0;
    for (let b = 0; b < plan.bands.length; b++) {
      const lane = lanes[b];
      if (!lane) continue;
      const ratio = toneRatioBound(lane, SPANS[b] as SlotSpans, k);
      if (ratio > best) best = ratio;
    }
    product *= cappedRatio(best);
  }
  return product < toneBound;
}

/**
 * Slot order for the prescreen of a proposal whose later track starts slot `anchorSlot`: the
 * slots farthest from that pair of tracks first (ties: the earlier slot first).
 */
export function prescreenOrder(slotCount: number, anchorSlot: number): number[] {
  const middle = anchorSlot - 0.5;
  return Array.from({ length: slotCount }, (_, k) => k).sort(
    (a, b) => Math.abs(b - middle) - Math.abs(a - middle) || a - b,
  );
}
