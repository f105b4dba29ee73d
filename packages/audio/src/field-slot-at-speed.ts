/**
 * Onsets that put the slot length this far (relative) from the one the tone's own speed gives at
 * tempo 1 are checked at that slot length too (`slotAtSpeed`).
 */
export const ONSET_SLOT_TOLERANCE = 0.1;

/**
 * The slot length (hops) a proposal's speed gives when pitch and time moved together (tempo 1),
 * when the track onsets put it more than ONSET_SLOT_TOLERANCE away; otherwise undefined (the
 * onsets' own prescreen and search already cover it). A tone that joins a track the programme
 * began just before it (a note or a voice at that frequency) has its onset there, so the onsets
 * give a slot length 25-45 % off and the pattern was prescreened, and rejected, only at that
 * length: at every speed, the same event (tuning split T23 500-1500-1950-1100, its 1100 and 1950 Hz
 * on music notes; held-out T16 600-1300-1150-1300, its 1150 Hz on one). The speed, read from the
 * tone itself, is right: a player's speed change moves slot times with it.
 */
export function slotAtSpeed(slotHops: number, speed: number, onsetSlot: number): number | undefined {
  const slot = slotHops / speed;
  return Math.abs(onsetSlot / slot - 1) > ONSET_SLOT_TOLERANCE ? slot : undefined;
}
