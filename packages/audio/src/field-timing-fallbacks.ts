import type { Hypothesis } from './field-score.ts';

/** Start shifts tried around the searched timing, in frame lengths. */
export const NUDGE_FRAMES = [-0.25, 0.25] as const;

/**
 * The searched timing moved earlier and later by a quarter frame, tried only once it and the
 * boundary fit have failed. The timing search and the boundary fit both lean on the strong
 * slots: a tone the programme half covers (speech's strongest band, 500-800 Hz) moves its
 * boundaries' crossings by 5-8 hops, and a slot that reads 12 dB at its true timing reads 2-4 dB
 * a quarter frame off, below the 4 dB every slot needs (field detector misses at speed 0.95 and
 * 1.05 on the tuning split with other trigger sets, docs/decisions/audio-field-detector.md).
 */
export function nudgedTimings(h: Hypothesis, frameHops: number): Hypothesis[] {
  return NUDGE_FRAMES.map((f) => ({ ...h, start: h.start + f * frameHops }));
}

