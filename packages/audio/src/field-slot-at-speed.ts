import { mayBePitchKept } from './pitch-kept-score.ts';

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

/**
 * Whether a proposal is prescreened at the slot length its onsets give (`onsetSlot`) before the
 * tempo-1 one (`atSpeed`, from `slotAtSpeed`; undefined: the onsets are near it and read alone).
 * Skipped where that reading can lead nowhere the tempo-1 one does not: off speed 1 beyond what a
 * pitch-kept stretch's tones read (`mayBePitchKept`), no timing but tempo 1 is ever kept (a fit off
 * speed 1 and off tempo 1 at once is read again at tempo 1 and kept only there, field-joint-fit.ts),
 * and with onsets too far apart (the earlier track began early, on a note the tone joined) the
 * tempo-1 pattern anchored on the later onset has ended by the onsets' due, so it is read no later
 * than before. Onsets too close put the later onset, the anchor, late: there the onsets' own search
 * finds the pattern sooner (up to 0.18 s on held-out speed 0.95), so both are still read. At 1,000
 * triggers most chance proposals lie off tempo 1, and two fifths off speed 1 by more than 3 %
 * (docs/decisions/field-detector-cost.md, cpu5).
 */
export function readsOnsetTiming(speed: number, onsetSlot: number, atSpeed: number | undefined): boolean {
  return atSpeed === undefined || onsetSlot < atSpeed || mayBePitchKept(speed);
}
