/**
 * One play of a trigger is one report. The field detector drops a candidate whose sound a fired
 * one claimed (a slot at the same time and tone), but that test is of slots, not of plays: tempo8's
 * wider pitch-kept grid (starts up to half a frame, slots up to 6 % apart) had two fits of one
 * played T24 pass it, and both fired, 0.27 s apart under Rubber Band 0.8
 * (docs/decisions/audio-field-detector.md, "one play, one report").
 */

/**
 * Two reports of one trigger whose plays (each its first slot's start to its last slot's end, at
 * its own speed and tempo) overlap by more than this fraction of the shorter play are one play.
 * Two plays of one trigger back to back (a repeat) share no time. A fit whose slots lie more than
 * half a slot off the played ones hears a neighbouring tone for most of each slot; even allowing a
 * whole slot (a quarter of a four-tone play) each way, fits of two plays back to back share half a
 * play at most. So more than half is one play.
 */
export const SAME_PLAY_OVERLAP = 0.5;

/** A fitted play: its first slot's start to its last slot's end, in any one time unit. */
export interface PlaySpan {
  from: number;
  to: number;
}

/** Whether two fits of one trigger are one play: they share more than `SAME_PLAY_OVERLAP` of the
 * shorter. */
export function samePlay(a: PlaySpan, b: PlaySpan): boolean {
  return (
    Math.min(a.to, b.to) - Math.max(a.from, b.from) >
    SAME_PLAY_OVERLAP * Math.min(a.to - a.from, b.to - b.from)
  );
}
