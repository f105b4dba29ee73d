/**
 * Far-field rooms fade single tones: beyond the critical distance the room's frequency response
 * at a tone is a sum of many reflections, so one tone of a pattern can arrive 10-22 dB under the
 * others (measured on the tuning rooms: 6 m, RT60 1.0 s, the 500 Hz tone at -22 dB and 1700 Hz
 * at -10 dB, the same every time: the notch belongs to the room and position, not to the event).
 * Under 0 dB babble 10 % of slots read under 5 dB in a 2 Hz bin while the other slots of the same
 * pattern read a median 18 dB (docs/decisions/audio-far-field-rooms.md).
 *
 * So a pattern's evidence is combined over its slots instead of gated slot by slot: one slot may
 * fail the per-slot tests when every other slot passes them and reads at least the strong-slot
 * level. The excused slot counts in the mean with its own reading, clipped to [0 dB, the per-slot
 * minimum], so a faded slot adds nothing and the others must carry the decision threshold alone.
 */

/** Linear power ratio an excused (faded or masked) slot contributes to the pattern's mean. */
export function excusedSlotRatio(ratio: number, minRatio: number): number {
  return Math.min(Math.max(ratio, 1), minRatio);
}

/**
 * How far from 1 (relative) the measured speed of a pattern may be for a faded slot to be
 * excused. A room changes levels, not speed: every played trigger the excuse recovered on the
 * tuning rooms (1-6 m, RT60 0.4-1.0 s) measured 0.9995-1.0003, while every false positive it set
 * in trigger-free music measured 0.956-0.986 or 1.016 (music whose three notes land on a pattern's
 * grid tones once the speed search retunes them: the mirror effect). Excusing a slot turns a
 * four-tone test into a three-tone one, which chance meets far more often; allowing it only at
 * the speed the trigger was made, +-0.25 % (a cheap device's clock, a 1000/1001 pull-down), gives
 * it a twentieth of the 0.95-1.05 speeds searched, so the hypotheses it adds stay few.
 */
export const FADED_SLOT_SPEED_SPAN = 0.0025;

/** Whether a pattern read at `speed` may have a faded slot excused beside the usual strong slots
 * (off this span only beside 20 dB slots and where the slot reads covered: off-speed-excuse.ts). */
export function mayExcuseFadedSlot(speed: number): boolean {
  return Math.abs(speed - 1) <= FADED_SLOT_SPEED_SPAN;
}
