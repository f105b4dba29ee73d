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
  /** What a reading of `plan`'s band at `speed` needs of its tones, whatever the start (the
   * prescreen reads three starts of one proposal): each slot's bin, whether it may repeat the
   * last tone, and which slots are its reference (`readSlot`'s same-tone test). */
  private tonesOf: FieldPlan | undefined;
  private tonesBand = -1;
  private tonesSpeed = Number.NaN;
  private tonesLane: SpectrumLane | undefined;
  bin = new Float64Array(8);
  /** The neighbours' distance (bins) at that speed. */
  offset = 0.5;
  repeatable = new Uint8Array(8);
  /** `reference[k * size + j + 1]` = 1 where slot j (-1: the slot before) counts in slot k's reference. */
  reference = new Uint8Array(72);
  size = 9;
  /** What `gatherSlot` read, `stride` values per slot. */
  gathered = new Float64Array(96);
  stride = 12;

  /** Fills the tone data of `plan`'s band `band` at `h`'s speed on `lane`, unless it already holds
   * it. Takes the hypothesis, and the gather below no speed, because a double passed to a call V8
   * does not inline is boxed: 16 bytes of garbage per call, thousands of calls a second at 1,000
   * triggers (docs/decisions/field-detector-cost.md, cpu4). */
  tones(plan: FieldPlan, band: number, lane: SpectrumLane, h: Hypothesis): void {
    const speed = h.speed;
    if (
      this.tonesOf === plan &&
      this.tonesBand === band &&
      this.tonesSpeed === speed &&
      this.tonesLane === lane
    )
      return;
    const tones = plan.bands[band]?.tones ?? [];
    const n = tones.length;
    if (this.bin.length < n) {
      this.bin = new Float64Array(n);
      this.repeatable = new Uint8Array(n);
    }
    this.size = n + 1;
    if (this.reference.length < n * (n + 1)) this.reference = new Uint8Array(n * (n + 1));
    this.stride = GATHERED_HEAD + n + 1;
    if (this.gathered.length < n * this.stride) this.gathered = new Float64Array(n * this.stride);
    this.offset = Math.max((NEIGHBOUR_HZ * speed) / lane.binHz, NEIGHBOUR_MIN_BINS);
    const sameHz = SAME_TONE_BINS * lane.binHz;
    const lastTone = tones[n - 1] as number;
    for (let k = 0; k < n; k++) {
      const nominal = tones[k] as number;
      this.bin[k] = lane.binOf(nominal * speed);
      this.repeatable[k] = Math.abs(lastTone - nominal) * speed <= sameHz ? 1 : 0;
      this.reference[k * (n + 1)] = 1;
      for (let j = 0; j < n; j++)
        this.reference[k * (n + 1) + j + 1] =
          Math.abs((tones[j] as number) - nominal) * speed <= sameHz ? 0 : 1;
    }
    this.tonesOf = plan;
    this.tonesBand = band;
    this.tonesSpeed = speed;
    this.tonesLane = lane;
  }

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
    const now = lane.hopsDone;
    const nowRow = now % ring;
    for (let j = -1; j < slotCount; j++) {
      const a = h.start + j * h.slot;
      const from = slotFrom(w, a, h.slot);
      const to = slotTo(w, a, h.slot);
      this.from[j + 1] = from;
      this.to[j + 1] = to;
      this.rowTo[j + 1] = to < 0 ? -1 : ringRow(to, now, nowRow, ring) * lane.bins;
      this.rowBefore[j + 1] = from <= 0 ? -1 : ringRow(from - 1, now, nowRow, ring) * lane.bins;
    }
  }
}

/** `hop % ring` for a hop >= 0, counted back from the newest hop's row where it lies within a ring of
 * it (the prescreen's spans do): a remainder per span was a tenth of the prescreen's time. */
function ringRow(hop: number, now: number, nowRow: number, ring: number): number {
  const back = now - hop;
  if (back >= 0 && back < ring) return nowRow >= back ? nowRow - back : nowRow - back + ring;
  // Integer remainders (`| 0`): on a float-typed hop V8 calls out for `%`.
  return (hop | 0) % ring;
}

/** `pair` of field-score.ts (bins `floor(bin)` and the next, summed over a span) from the rows. */
function pairAt(lane: SpectrumLane, bin: number, rowTo: number, rowBefore: number): number {
  const b = Math.floor(bin);
  // Bins off the lane read as nothing, as `SpectrumLane.sum` has it.
  return pairOf(lane.cum, b, b >= 0 && b < lane.bins, b + 1 >= 0 && b + 1 < lane.bins, rowTo, rowBefore);
}

/** `pairAt` of bin `b` and the next, with whether each lies on the lane worked out by the caller
 * (the reference reads one bin in every slot). */
function pairOf(
  cum: Float64Array,
  b: number,
  inA: boolean,
  inB: boolean,
  rowTo: number,
  rowBefore: number,
): number {
  if (rowTo < 0) return 0;
  const upA = inA ? (cum[rowTo + b] as number) : 0;
  const upB = inB ? (cum[rowTo + b + 1] as number) : 0;
  if (rowBefore < 0) return upA + upB;
  return (
    (inA ? upA - (cum[rowBefore + b] as number) : 0) + (inB ? upB - (cum[rowBefore + b + 1] as number) : 0)
  );
}

/** Values `gatherSlot` keeps per slot: the tone, its two neighbours, then the level at the tone's
 * frequency in the slot before the pattern and in each slot (0 where it does not count). */
const GATHERED_HEAD = 3;

/**
 * Reads what slot `k`'s ratio needs (`readSlot`'s tone, neighbours and reference, the same
 * numbers) into `spans.gathered`, from spans and tones set for the hypothesis; false when the audio
 * it needs is not held. Only loads, no decisions between them: at a thousand triggers they are
 * cache misses, and independent loads overlap where a test after each waits for it.
 */
export function gatherSlot(lane: SpectrumLane, spans: SlotSpans, k: number): boolean {
  if (!gatherTone(lane, spans, k)) return false;
  gatherReference(lane, spans, k);
  return true;
}

/** `gatherSlot`'s first part: the tone and its two neighbours, in the slot's own two rows. */
export function gatherTone(lane: SpectrumLane, spans: SlotSpans, k: number): boolean {
  const from = spans.from[k + 1] as number;
  const to = spans.to[k + 1] as number;
  if (!lane.holds(Math.min(from, spans.from[0] as number), to)) return false;
  const bin = spans.bin[k] as number;
  const rowTo = spans.rowTo[k + 1] as number;
  const rowBefore = spans.rowBefore[k + 1] as number;
  const out = spans.gathered;
  const at = k * spans.stride;
  const offset = spans.offset;
  out[at] = pairAt(lane, bin, rowTo, rowBefore);
  out[at + 1] = pairAt(lane, bin - offset, rowTo, rowBefore);
  out[at + 2] = pairAt(lane, bin + offset, rowTo, rowBefore);
  return true;
}

/** `gatherSlot`'s second part: the level at the tone's frequency in each slot of its reference,
 * two rows per slot (the slot's tone gathered, so the audio is held). */
export function gatherReference(lane: SpectrumLane, spans: SlotSpans, k: number): void {
  const most = spans.size - 1;
  const bin = spans.bin[k] as number;
  const out = spans.gathered;
  const at = k * spans.stride;
  const reference = spans.reference;
  const row = k * spans.size + 1;
  const cum = lane.cum;
  const b = Math.floor(bin);
  const inA = b >= 0 && b < lane.bins;
  const inB = b + 1 >= 0 && b + 1 < lane.bins;
  for (let j = -1; j < most; j++) {
    out[at + GATHERED_HEAD + j + 1] =
      reference[row + j] === 0
        ? 0
        : pairOf(cum, b, inA, inB, spans.rowTo[j + 1] as number, spans.rowBefore[j + 1] as number) /
          ((spans.to[j + 1] as number) - (spans.from[j + 1] as number) + 1);
  }
}

/**
 * An upper bound of slot `k`'s ratio from its tone and neighbours alone (`gatherTone`): the
 * ratio's denominator is the larger of the neighbours and the reference, so with the neighbours
 * alone it is no larger, and the bound is at least the ratio, in floating point too (each step
 * rounds monotonically).
 */
export function toneRatioBound(lane: SpectrumLane, spans: SlotSpans, k: number): number {
  return gatheredSignal(spans, k) / (gatheredBeside(spans, k) + 2 * lane.floorPower);
}

/** Slot `k`'s tone power per frame, from what `gatherTone` read. */
function gatheredSignal(spans: SlotSpans, k: number): number {
  const n = (spans.to[k + 1] as number) - (spans.from[k + 1] as number) + 1;
  return (spans.gathered[k * spans.stride] as number) / n;
}

/** The quieter of slot `k`'s neighbours per frame, from what `gatherTone` read. */
function gatheredBeside(spans: SlotSpans, k: number): number {
  const out = spans.gathered;
  const at = k * spans.stride;
  const n = (spans.to[k + 1] as number) - (spans.from[k + 1] as number) + 1;
  return Math.min(out[at + 1] as number, out[at + 2] as number) / n;
}

/** Slot `k`'s ratio from what `gatherSlot` read: `readSlot`'s arithmetic, step for step. */
export function gatheredRatio(lane: SpectrumLane, spans: SlotSpans, k: number): number {
  const out = spans.gathered;
  const at = k * spans.stride;
  const signal = gatheredSignal(spans, k);
  const beside = gatheredBeside(spans, k);
  const most = spans.size - 1;
  const reference = spans.reference;
  const row = k * spans.size + 1;
  let quiet = 0;
  let quietCount = 0;
  let before = 0;
  for (let j = -1; j < most; j++) {
    if (reference[row + j] === 0) continue;
    const level = out[at + GATHERED_HEAD + j + 1] as number;
    if (j === -1) before = level;
    else {
      quiet += level;
      quietCount++;
    }
  }
  if (spans.repeatable[k] !== 1 || quietCount < 2) {
    quiet += before;
    quietCount++;
  }
  quiet /= Math.max(1, quietCount);
  return signal / (Math.max(beside, quiet) + 2 * lane.floorPower);
}

/**
 * `readSlot(plan, band, lane, h, k, false, true).ratio`, the same number, from spans set for `h`;
 * -1 when the audio it needs is not held.
 */
export function prescreenRatio(
  plan: FieldPlan,
  band: number,
  lane: SpectrumLane,
  h: Hypothesis,
  k: number,
  spans: SlotSpans,
): number {
  spans.tones(plan, band, lane, h);
  return gatherSlot(lane, spans, k) ? gatheredRatio(lane, spans, k) : -1;
}
