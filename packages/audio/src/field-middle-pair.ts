import type { ToneTrack } from './tone-tracks.ts';

/**
 * The middle pair of a four-run pattern (runs 1-2) proposes only from a track whose onset
 * proposed the same trigger as runs 0-1. One masked tone leaves one of the two disjoint pairs
 * (0-1, 2-3) whole, so the middle pair adds an occurrence only where a tone of each disjoint pair
 * is lost; what it does add is a second anchor for an occurrence runs 0-1 proposed and runs 2-3
 * did not (a room's tail hiding the last onset), whose search from runs 0-1's onsets alone can
 * miss the timing. A chance middle pair rarely follows a chance pair 0-1 through the same track:
 * the proposals fall by about 27 % (docs/decisions/field-detector-cost.md, cpu10). A pair 0-1
 * whose onsets a room pulled closer than any gap proposed still opens it (`opensFromShortGap`).
 */

/** Share of the lane's shortest onset gap down to which a pair 0-1 still opens the middle pair
 * (it does not propose): a far room's tails pull the two onsets together, the first late, the
 * second early (the tuning 6 m room's T11: 34.0 hops against a shortest gap of 34.6). */
export const OPEN_GAP_SHARE = 0.6;

/** Whether an onset gap under the lane's shortest (`minGap`) still opens the middle pair. */
export function opensFromShortGap(gap: number, minGap: number): boolean {
  return gap >= OPEN_GAP_SHARE * minGap && gap < minGap;
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
