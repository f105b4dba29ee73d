import {
  type Hypothesis,
  NEIGHBOUR_HZ,
  NEIGHBOUR_MIN_BINS,
  SAME_TONE_BINS,
  slotFrom,
  slotTo,
} from './field-score.ts';
import type { FieldPlan } from './field-trigger-plan.ts';
import type { SpectrumLane } from './spectrum-lane.ts';

/**
 * The frames of every slot of one hypothesis (and of the slot before it), worked out once for all
 * the slots the prescreen reads: `readSlot` works out the whole pattern's frames again for each
 * slot. Index j + 1 holds slot j (j = -1 is the slot before the pattern).
 */
export class SlotSpans {
  from = new Int32Array(9);
  to = new Int32Array(9);
  /** Offsets of the frames' ring rows in the lane's running sums (the row before `from`: -1 when
   * `from` is the stream's first hop or earlier, nothing to subtract). */
  rowTo = new Int32Array(9);
  rowBefore = new Int32Array(9);

  /** Fills the spans of `h` on `lane` for a pattern of `slotCount` slots. */
  set(lane: SpectrumLane, h: Hypothesis, slotCount: number): void {
    if (this.from.length < slotCount + 1) {
      const size = slotCount + 1;
      this.from = new Int32Array(size);
      this.to = new Int32Array(size);
      this.rowTo = new Int32Array(size);
      this.rowBefore = new Int32Array(size);
    }
    const w = lane.frameHops;
    const ring = lane.ringHops;
    for (let j = -1; j < slotCount; j++) {
      const a = h.start + j * h.slot;
      const from = slotFrom(w, a, h.slot);
      const to = slotTo(w, a, h.slot);
      this.from[j + 1] = from;
      this.to[j + 1] = to;
      // Integer remainders (`| 0`): on a float-typed hop V8 calls out for `%`.
      this.rowTo[j + 1] = to < 0 ? -1 : ((to | 0) % ring) * lane.bins;
      this.rowBefore[j + 1] = from <= 0 ? -1 : (((from - 1) | 0) % ring) * lane.bins;
    }
  }
}

/** `pair` of field-score.ts (bins `floor(bin)` and the next, summed over a span) from the rows. */
function pairAt(lane: SpectrumLane, bin: number, rowTo: number, rowBefore: number): number {
  const b = Math.floor(bin);
  if (rowTo < 0) return 0;
  const cum = lane.cum;
  // Bins off the lane read as nothing, as `SpectrumLane.sum` has it.
  const inA = b >= 0 && b < lane.bins;
  const inB = b + 1 >= 0 && b + 1 < lane.bins;
  const upA = inA ? (cum[rowTo + b] as number) : 0;
  const upB = inB ? (cum[rowTo + b + 1] as number) : 0;
  if (rowBefore < 0) return upA + upB;
  return (
    (inA ? upA - (cum[rowBefore + b] as number) : 0) + (inB ? upB - (cum[rowBefore + b + 1] as number) : 0)
  );
}

/**
 * `readSlot(plan, band, lane, h, k, false, true).ratio`, the same number, from spans set for `h`,
 * or 0 once it is sure to stay under `giveUpBelow`: the prescreen's reading. -1 when the audio it
 * needs is not held.
 */
export function prescreenRatio(
  plan: FieldPlan,
  band: number,
  lane: SpectrumLane,
  h: Hypothesis,
  k: number,
  spans: SlotSpans,
  giveUpBelow: number,
): number {
  const tones = plan.bands[band]?.tones ?? [];
  const nominal = tones[k] as number;
  const bin = lane.binOf(nominal * h.speed);
  const from = spans.from[k + 1] as number;
  const to = spans.to[k + 1] as number;
  if (!lane.holds(Math.min(from, spans.from[0] as number), to)) return -1;
  const rowTo = spans.rowTo[k + 1] as number;
  const rowBefore = spans.rowBefore[k + 1] as number;
  const n = to - from + 1;
  const signal = pairAt(lane, bin, rowTo, rowBefore) / n;
  const offset = Math.max((NEIGHBOUR_HZ * h.speed) / lane.binHz, NEIGHBOUR_MIN_BINS);
  const beside =
    Math.min(pairAt(lane, bin - offset, rowTo, rowBefore), pairAt(lane, bin + offset, rowTo, rowBefore)) / n;
  // readSlot's reference, step for step (field-prescreen.test.ts checks the numbers), read only
  // until the ratio is sure to stay under `giveUpBelow`: the reference is the larger of `beside`
  // and a mean of non-negative levels, so `beside`, then each partial sum of levels sure to count
  // over the most levels the mean can have (this slot's own tone is never one), bounds the ratio.
  const floor2 = 2 * lane.floorPower;
  const most = tones.length;
  if (signal < giveUpBelow * (beside + floor2)) return 0;
  const sameHz = SAME_TONE_BINS * lane.binHz;
  const repeatable = Math.abs((tones[tones.length - 1] as number) - nominal) * h.speed <= sameHz;
  let quiet = 0;
  let quietCount = 0;
  let before = 0;
  for (let j = -1; j < tones.length; j++) {
    if (j >= 0 && Math.abs((tones[j] as number) - nominal) * h.speed <= sameHz) continue;
    const level =
      pairAt(lane, bin, spans.rowTo[j + 1] as number, spans.rowBefore[j + 1] as number) /
      ((spans.to[j + 1] as number) - (spans.from[j + 1] as number) + 1);
    if (j === -1) before = level;
    else {
      quiet += level;
      quietCount++;
    }
    const sure = repeatable ? quiet : quiet + before;
    if (signal < giveUpBelow * (Math.max(beside, sure / most) + floor2)) return 0;
  }
  if (!repeatable || quietCount < 2) {
    quiet += before;
    quietCount++;
  }
  quiet /= Math.max(1, quietCount);
  return signal / (Math.max(beside, quiet) + 2 * lane.floorPower);
}
