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

/**
 * Whether a faded slot is a gap in a sound rather than a room's notch, in the room's reading
 * (field-room-reference.ts, which leaves one burst out of each slot's reference): the slot's tone
 * reads at the strong-slot level (`gapDb`, MASKED_OTHERS_DB) over the slot itself in two or more
 * of its time reference slots (the slot before, the pattern's other-tone slots), so
 * `secondReferenceRatio` (the slot's power over the second loudest of them) is that far under 1.
 *
 * A room's notch fades the played tone; what the other slots hold at that frequency is noise that
 * fills the faded slot as well, so they read within noise's own spread of it (played readings that
 * leaned on the room's reading and a faded slot, tuning and held-out rooms, trigger sets 0 and from
 * 700 Hz: the second loudest reference at most 6 dB over the slot, 0 dB babble in a 3 m room; a
 * silent slot in steady white noise, by chance, 9 dB). Music that sounds a tone before and after a
 * gap fills two reference slots: the two false positives of a trigger set from 700 Hz that needed
 * both allowances (trace19, 2026-12-03; T04's 1600 Hz, every reference 13-23 dB over the gap, and
 * T06's 1950 Hz, the slot before at 13 dB and the last at 18 dB) are that. One loud reference slot
 * is a burst (a talker); two at the strong-slot level are the programme playing that note.
 */
export function isGapInSound(secondReferenceRatio: number, gapDb: number): boolean {
  return 10 * Math.log10(Math.max(secondReferenceRatio, 1e-6)) <= -gapDb;
}
