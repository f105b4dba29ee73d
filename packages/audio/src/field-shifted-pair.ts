import { CLEAR_OWN_SLOT_DB } from './field-shifted-prefix.ts';

/**
 * Two candidates claiming the same sound (two or more slots in common, `sameSound`) are told apart
 * by their uncapped mean, but the shared slots read the same played tones for both: what tells
 * them apart is the slots each has of its own. A decoy that is a played trigger shifted by a slot
 * (D145 1450-1000-650-800 for T21 1000-650-800-500) reads three of T21's strong tones and one
 * programme slot, and its better-timed shared slots can lift its mean over the played trigger's
 * (29.5 against 20.7 dB, its own slot 3 dB: clean N = 300, held-out 811.7 s). When the leading
 * candidate's own slots do not read clearly (under CLEAR_OWN_SLOT_DB, the bar a shifted-prefix
 * candidate must meet not to wait, field-shifted-prefix.ts), its lead comes from the shared tones
 * alone, so the pair is weighed on own slots only, with the same margin as the mean.
 *
 * The same holds the other way: a leader whose own slots read clearly, followed within the margin
 * by a candidate whose own slots do not (a decoy sharing two of a played trigger's tones, the
 * programme passing its other two), is not ambiguous: that candidate's mean is the leader's tones.
 *
 * `leaderOwnDb`, `otherOwnDb`: the weakest own slot of each (dB over reference; +Infinity when a
 * candidate has no slot of its own). `undefined`: both stand on their own slots, the usual rule
 * (the mean, with its margin) applies; `other`: the other candidate's own slots read better by the margin and it takes
 * the leader's place; `ambiguous`: neither fires (a missed trigger is cheaper than a wrong one);
 * `leader`: the leader keeps its place.
 */
export function weighOwnSlots(
  leaderOwnDb: number,
  otherOwnDb: number,
  marginDb: number,
): 'leader' | 'other' | 'ambiguous' | undefined {
  // A leader standing on its own slots is not made ambiguous by a candidate whose closeness in
  // mean comes from the shared tones alone (its own slots programme-weak).
  if (!(leaderOwnDb < CLEAR_OWN_SLOT_DB)) return otherOwnDb < CLEAR_OWN_SLOT_DB ? 'leader' : undefined;
  if (!Number.isFinite(otherOwnDb)) return 'leader';
  if (otherOwnDb - leaderOwnDb >= marginDb) return 'other';
  if (leaderOwnDb - otherOwnDb >= marginDb) return 'leader';
  return 'ambiguous';
}

/**
 * A candidate's own-slot evidence beside a rival claiming the same sound: its weakest own slot
 * (dB over reference; +Infinity with none), but for one own slot under the per-slot bar
 * (`minSlotDb`) when another own slot is left to read. The score lets a pattern pass with one
 * slot masked or faded (a room's notch at that tone, field-score.ts) as long as its other slots
 * read 12 dB and more, so such a slot says the room hid that tone, not that the candidate is the
 * programme's: weighed on it, a played trigger whose opening tone fades loses to a rival shifted
 * onto its last two tones whose own slots the music fills (held-out 3 m music room, from-700
 * trigger seed 3: T21 1000-1900-1650-1300 own slots -0.5 dB (1000 Hz faded) and 25 dB, read as
 * T03 1650-1300-1750-1850 own slots 12.1 dB, 534.8 s). One own slot alone, or two under the
 * bar, keep the weakest: a decoy with one programme slot of its own (D145) has nothing else.
 */
export function ownEvidenceDb(ownSlotDb: readonly number[], minSlotDb: number): number {
  const under = ownSlotDb.filter((db) => db < minSlotDb).length;
  const weighed = under === 1 && ownSlotDb.length > 1 ? ownSlotDb.filter((db) => db >= minSlotDb) : ownSlotDb;
  return Math.min(Number.POSITIVE_INFINITY, ...weighed);
}
