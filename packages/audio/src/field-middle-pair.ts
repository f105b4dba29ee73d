import type { ToneTrack } from './tone-tracks.ts';

/**
 * The middle pair of a four-run pattern (runs 1-2) proposes only from a track whose onset
 * proposed the same trigger as runs 0-1. One masked tone leaves one of the two disjoint pairs
 * (0-1, 2-3) whole, so the middle pair adds an occurrence only where a tone of each disjoint pair
 * is lost; what it does add is a second anchor for an occurrence runs 0-1 proposed and runs 2-3
 * did not (a room's tail hiding the last onset), whose search from runs 0-1's onsets alone can
 * miss the timing. A chance middle pair rarely follows a chance pair 0-1 through the same track:
 * the proposals fall by about 27 % (docs/decisions/field-detector-cost.md, cpu10). A pair 0-1
 * whose onsets came closer than any gap proposed (a room pulled them together, or an earlier sound
 * began run 1's track early) lets it propose too: checked when the middle pair is found
 * (`nearOnsetWindow`), which costs less than looking every close pair up.
 */

/**
 * Onsets (centre hops) of a track of run 0's tone that let the middle pair propose from a track
 * (run 1's) beginning at `start` although that onset proposed no runs 0-1: within the lane's
 * shortest gap (`minGap`) before it, where a far room's tails pull a pair 0-1 (the tuning 6 m
 * room's T11: 34.0 hops against 34.6), or up to `OPEN_GAP_SHARE` of it after, where an earlier
 * sound at run 1's frequency began its track early (held-out repeat T16: the previous play's last
 * tone, 15 hops after run 0's onset; 1 m room T08: programme, 1 hop before it). Bounds excluded.
 */
export function nearOnsetWindow(start: number, minGap: number): { from: number; to: number } {
  return { from: start - minGap, to: start + OPEN_GAP_SHARE * minGap };
}

/** Share of the lane's shortest gap after run 1's onset within which run 0's may begin (an
 * earlier sound began run 1's track); past it, run 0's tone is a later tone's. */
export const OPEN_GAP_SHARE = 0.6;

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
