import type { SpectrumLane } from './spectrum-lane.ts';

/**
 * A time reference one talker cannot lift (issue 9, far-field rooms; docs/decisions/
 * audio-far-field-rooms.md, "rooms6"). In 0 dB babble the low tones of the grid (500-650 Hz, where
 * speech's long-term spectrum peaks) fail against their time reference: this frequency in the
 * pattern's other slots and the slot before, which a talker's voiced harmonics fill for a syllable
 * or two and leave again. The mean of those slots follows such a burst; the median frame does not.
 *
 * So the room's reading (field-room-reference.ts) also reads each slot's median frame power at the
 * tone over the median frame power at that frequency pooled over the reference slots and the
 * `MEDIAN_SLOTS_BEFORE` slots before them (more time: one talker's burst is a smaller share). A
 * median over a median is unbiased for noise alone (a mean over a low percentile would not be), so
 * the slot tests and the decision threshold stay as they are: nothing is lowered, and the reading
 * still stands under the neighbour bins' (a tone must be a peak of its own). Frames of one slot
 * overlap (160 ms frames, 10 ms hops): the median is over a few independent looks per slot, which
 * is why slots before the pattern are pooled in.
 */
export const MEDIAN_SLOTS_BEFORE = 3;

/**
 * The median reads the low tones only (rooms7): a slot whose tone (as made) is at most this many Hz.
 * The premise above holds where speech's long-term spectrum peaks, 500-650 Hz on the grid: there
 * six talkers' voiced harmonics come and go in the reference slots. Read at every tone, the median
 * let two patterns through in the full run of 2026-12-02 03:35 (mp3-64k T03 at 2280.93 s, tempo-0.8
 * T07 at 1342.64 s): in each, every slot passed on the burst reading and the pattern fell short of
 * the threshold; the median then lifted slots at 1,200-1,800 Hz that already passed (+1.7 to +8.1
 * dB) and carried the decision. A median frame under the mean is how a busy reference reads in any
 * programme (a codec's frames, a stretched note's), not only in babble; at the low tones the bound
 * (bench/room-evidence-bound.ts) still kept every chance reading 3.26 dB under the threshold.
 */
export const MEDIAN_MAX_HZ = 650;

/** Reused between readings (the room's reading runs on one thread, one slot at a time). */
let scratch = new Float64Array(512);

/** Power of the two bins straddling fractional `bin` in the single frame ending at hop `e`. */
function framePower(lane: SpectrumLane, bin: number, e: number): number {
  const b = Math.floor(bin);
  return lane.sum(b, e, e) + lane.sum(b + 1, e, e);
}

/** The median frame power at `bin` over the frames `spans` lists (pairs of end hops from, to). */
export function medianFramePower(lane: SpectrumLane, bin: number, spans: readonly number[]): number {
  let n = 0;
  for (let i = 0; i + 1 < spans.length; i += 2)
    n += Math.max(0, (spans[i + 1] as number) - (spans[i] as number) + 1);
  if (n === 0) return 0;
  if (scratch.length < n) scratch = new Float64Array(2 * n);
  let at = 0;
  for (let i = 0; i + 1 < spans.length; i += 2)
    for (let e = spans[i] as number; e <= (spans[i + 1] as number); e++)
      scratch[at++] = framePower(lane, bin, e);
  const sorted = scratch.subarray(0, n).sort();
  return n % 2
    ? (sorted[(n - 1) >> 1] as number)
    : 0.5 * ((sorted[n / 2 - 1] as number) + (sorted[n / 2] as number));
}
