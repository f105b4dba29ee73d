import { mayExcuseMaskedSlot } from './masked-slot-speed.ts';

/**
 * What every other slot of a pattern must read (dB) for its one masked slot (loud and steady at
 * the tone, but a music note within a bin takes the peak) to be excused off the speed a trigger
 * was made at. Near speed 1 the bar is the usual strong-slot level (`MASKED_OTHERS_DB`, 12 dB).
 * Off it, the speed search slides every pattern along the spectrum to fit the music, and a
 * three-tone fit at 8-15 dB a slot beside a note's flank is what chance meets (the false positives
 * that made the excuse speed 1 only: masked-slot-speed.ts). A played trigger whose one tone sits
 * under a note is there in full in its other slots, at every speed: tuning split, T17
 * 1800-1900-1700-1400, its 1400 Hz under a note and its other slots 24-26 dB, missed at speed
 * 0.95, 0.98, 1.02 and 1.05 and found at 1.002. A faded slot (a room's notch, speech over a low
 * tone) stays excused near speed 1 only (faded-slot.ts): it reads nothing, where a masked slot
 * reads loud.
 */
export const OFF_SPEED_OTHERS_DB = 20;

/** The bar the other slots meet beside a masked slot at `speed` (`nearOneDb` near speed 1). */
export function excusedOthersBarDb(speed: number, nearOneDb: number): number {
  return mayExcuseMaskedSlot(speed) ? nearOneDb : OFF_SPEED_OTHERS_DB;
}
