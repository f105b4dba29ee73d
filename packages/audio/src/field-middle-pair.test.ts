import { describe, expect, it } from 'vitest';
import { middleOpened, nearOnsetWindow, OPEN_GAP_SHARE, openMiddle } from './field-middle-pair.ts';
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

  // Run 0's onset relative to run 1's track onset (hops), inside the window (bounds excluded).
  const inside = (run0: number, minGap = 34.6) => {
    const { from, to } = nearOnsetWindow(1000, minGap);
    return 1000 + run0 > from && 1000 + run0 < to;
  };

  it('lets a pair 0-1 a room pulled under the shortest gap stand for runs 0-1', () => {
    // The tuning 6 m room's T11: run 0's onset 34.0 hops before run 1's, shortest gap 34.6.
    expect(inside(-34.0)).toBe(true);
    // At the shortest gap or more the pair is looked up, and proposes if it is runs 0-1.
    expect(inside(-34.6)).toBe(false);
  });

  it('lets run 0 begin after a run 1 track that an earlier sound began', () => {
    // Held-out repeat T16 [600-1300-1150-1300]: the previous play's last 1300 Hz tone carried into
    // run 1's track, whose onset reads 15 hops after run 0's.
    expect(inside(-15)).toBe(true);
    // Held-out 1 m room T08 [500-1850-500-900]: programme at 1850 Hz began run 1's track 1 hop
    // before run 0's 500 Hz onset.
    expect(inside(1)).toBe(true);
    expect(inside(0)).toBe(true);
    // Later than OPEN_GAP_SHARE of the shortest gap after, run 0's tone is a later tone's.
    expect(inside(OPEN_GAP_SHARE * 34.6)).toBe(false);
    expect(inside(34.0)).toBe(false);
  });
});
