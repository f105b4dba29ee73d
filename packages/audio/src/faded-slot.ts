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
