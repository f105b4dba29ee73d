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

interface Play {
  triggerId: string | number;
  from: number;
  to: number;
}

/** The plays reported lately, by trigger; times in any one unit (the field detector's hops). */
export class ReportedPlays {
  private plays: Play[] = [];

  /** Whether a play of `triggerId` from `from` to `to` is one already reported. */
  reported(triggerId: string | number, from: number, to: number): boolean {
    return this.plays.some(
      (p) =>
        p.triggerId === triggerId &&
        Math.min(p.to, to) - Math.max(p.from, from) > SAME_PLAY_OVERLAP * Math.min(p.to - p.from, to - from),
    );
  }

  add(triggerId: string | number, from: number, to: number): void {
    this.plays.push({ triggerId, from, to });
  }

  /** Forgets plays that ended before `horizon`: no later fit can overlap them by half. */
  forget(horizon: number): void {
    this.plays = this.plays.filter((p) => p.to > horizon);
  }

  clear(): void {
    this.plays = [];
  }
}
