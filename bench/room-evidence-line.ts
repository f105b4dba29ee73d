/**
 * The JSON-lines format bench/room-evidence-probe.ts writes and bench/room-evidence-bound.ts
 * reads back: one declaration for the writer and the reader, so the two cannot drift apart.
 */

/** One slot read at a pattern's timing: dB of the tone over each part of its reference. */
export interface RoomSlotReading {
  tone: number;
  db: number | null;
  steady: number | null;
  err: number | null;
  peak: boolean;
  ok: boolean;
  beside: number;
  quiet: number;
  wide: number;
  next: number | null;
  /** This frequency in slots -1..3 (dB under the signal; null where the slot plays this tone). */
  refs?: (number | null)[];
  /** The tone in the frames just after the slot's end / its start (a room's switch-off and
   * switch-on transients) over the same frames at the pattern's other boundaries (dB), and
   * whether it is a local spectral peak there. */
  tail?: number | null;
  tailPeak?: boolean;
  onset?: number | null;
  onsetPeak?: boolean;
  /** rooms6: this frequency in slots -4..-2 (dB under the signal; null where not held). */
  before?: (number | null)[];
  /** rooms6: frame-level readings of the time reference (dB of the slot's median frame power at
   * the tone over a percentile of the reference frames, pooled over the shipped reference slots
   * (`near`) or over those and slots -4..-2 (`far`)): p50 and p25. */
  nearP50?: number;
  nearP25?: number;
  farP50?: number;
  farP25?: number;
  /** The slot's own median frame over its mean (dB): the signal side of a median reading. */
  medOverMean?: number;
}

/** A played event read at its played timing, or the best chance reading of one pattern and place. */
export interface RoomEvidenceLine {
  kind: 'event' | 'chance';
  condition: string;
  id: string | number;
  sec: string;
  /** Trigger set of a chance reading. */
  set?: string | number;
  speed?: number;
  tempo?: number;
  decision: number;
  pass: boolean;
  need: number;
  fired: boolean;
  slots: RoomSlotReading[];
}
