import { describe, expect, it } from 'vitest';
import { middleOpened, OPEN_GAP_SHARE, openMiddle, opensFromShortGap } from './field-middle-pair.ts';
import type { ToneTrack } from './tone-tracks.ts';

const track = (start: number): ToneTrack => ({
  lane: 0,
  bin: 100,
  start,
  lastHop: start + 20,
  proposed: true,
  sumBin: 100,
  peaks: 1,
  maxPower: 1,
  firstHop: start,
  markedTo: Number.NEGATIVE_INFINITY,
  dipPower: 1,
  dipCentre: start,
  opened: [],
  openedAt: Number.NaN,
});

describe('middle pair', () => {
  it('proposes only the triggers the same onset proposed as their second run', () => {
    const t = track(500);
    expect(middleOpened(t, 3)).toBe(false);
    openMiddle(t, 3);
    openMiddle(t, 3);
    openMiddle(t, 7);
    expect(t.opened).toEqual([3, 7]);
    expect(middleOpened(t, 3)).toBe(true);
    expect(middleOpened(t, 7)).toBe(true);
    expect(middleOpened(t, 4)).toBe(false);
  });

  it('forgets them when the track starts again (a re-onset is another tone)', () => {
    const t = track(500);
    openMiddle(t, 3);
    t.start = 560;
    expect(middleOpened(t, 3)).toBe(false);
    openMiddle(t, 4);
    expect(t.opened).toEqual([4]);
    expect(middleOpened(t, 3)).toBe(false);
    expect(middleOpened(t, 4)).toBe(true);
  });

  it('is opened from onsets a room pulled closer than any gap proposed, not from any closer', () => {
    expect(opensFromShortGap(34.0, 34.6)).toBe(true);
    expect(opensFromShortGap(OPEN_GAP_SHARE * 34.6, 34.6)).toBe(true);
    expect(opensFromShortGap(0.5 * 34.6, 34.6)).toBe(false);
    // At or above the shortest gap the pair proposes, and opens the middle pair that way.
    expect(opensFromShortGap(34.6, 34.6)).toBe(false);
  });
});
