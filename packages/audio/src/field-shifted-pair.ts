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
