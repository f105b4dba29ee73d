/**
 * How far from 1 the fitted speed of a pattern may be for one of its slots to be excused as masked
 * at the usual 12 dB bar for the other slots; further off, the excuse asks 20 dB of them
 * (off-speed-excuse.ts). (`scorePattern`: loud and steady at the tone but not a spectral peak of its own, a music note
 * within a bin). The excuse was made for a tone at its grid frequency next to a note (T17's 1400 Hz
 * beside an F6 at 1397 Hz); once the speed is fitted to the tones themselves, the search has already
 * slid the whole pattern along the spectrum to fit the music, and a slot that holds only a note's
 * flank is what such a chance fit looks like: 5 of the 9 field-detector false positives of the
 * full run at 24 triggers (speeds 0.955-0.98 and 1.014-1.017) used the excuse, and none at speed 1
 * (docs/decisions/audio-fp-guard.md). Pitch-kept stretches (WSOLA) read within 0.4 % of speed 1.
 */
export const MASKED_SLOT_SPEED_SPAN = 0.005;

/** Whether a pattern fitted at `speed` may have a masked slot excused at the near-speed-1 bar. */
export function mayExcuseMaskedSlot(speed: number): boolean {
  return Math.abs(speed - 1) <= MASKED_SLOT_SPEED_SPAN;
}
