import { mayExcuseFadedSlot } from './faded-slot.ts';
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
 * tone) reads nothing where a masked slot reads loud: off speed 1 it asks this bar too, and a
 * covered reading (COVERED_SLOT_FLOOR_DB).
 */
export const OFF_SPEED_OTHERS_DB = 20;

/**
 * The bar the other slots meet beside an excused slot at `speed` (`nearOneDb` near speed 1).
 * A faded slot (nothing at the tone: a room's notch, or speech over a low tone) has the narrower
 * span of speed 1 (faded-slot.ts) and, off it, the same 20 dB a masked slot asks: a speed change
 * leaves a low tone under speech as a room does, and the trigger's other tones are there in full
 * (tuning split, trigger seed 4, T23 700-1900-1500-1850: its 700 Hz under speech at 2.4 dB, the
 * others 25-30 dB, missed at speed 0.95, 0.98, 1.02 and 1.05, found at 1.002). The chance fits the
 * faded excuse set in music off speed 1 read 14-21 dB on their three notes
 * (docs/decisions/audio-far-field-rooms.md), and a fit off tempo 1 as well is read again at tempo 1
 * (field-joint-fit.ts).
 */
export function excusedOthersBarDb(
  speed: number,
  nearOneDb: number,
  excused: 'masked' | 'faded' = 'masked',
): number {
  const nearOne = excused === 'faded' ? mayExcuseFadedSlot(speed) : mayExcuseMaskedSlot(speed);
  return nearOne ? nearOneDb : OFF_SPEED_OTHERS_DB;
}

/**
 * What a faded slot must read (dB over its reference) to be excused off the faded excuse's span
 * of speed 1: covered, not empty. A played tone under speech is still there, under a voice that
 * fills the reference slots as well, so the slot reads about its reference (tuning split, trigger
 * seeds 0-5 at speed 0.95-1.05: 269 readings of 7 played events, -0.4 to +4.0 dB); a chance fit's
 * missing tone is a gap in the music, emptier at the tone than the slots around it (trigger-free
 * held-out programme: -8.3 to -12.2 dB, the tempo 0.9 false positive at -8.3). Near speed 1 a
 * room's notch may empty a slot (down to -9.4 dB, docs/decisions/audio-far-field-rooms.md); a
 * room does not change speed, so off it there is no notch to excuse. -3 dB (half the reference's
 * power at the tone) leaves 2.6 dB under the lowest played reading
 * (docs/decisions/audio-field-detector.md, "speed misses, sixth pass").
 */
export const COVERED_SLOT_FLOOR_DB = -3;

/** Whether a faded slot reading `ratio` (power over its reference) may be excused at `speed`. */
export function mayExcuseFadedReading(speed: number, ratio: number): boolean {
  return mayExcuseFadedSlot(speed) || 10 * Math.log10(Math.max(ratio, 1e-6)) >= COVERED_SLOT_FLOOR_DB;
}
