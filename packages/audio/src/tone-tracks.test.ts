import { describe, expect, it } from 'vitest';
import { SpectrumLane } from './spectrum-lane.ts';
import { ToneTracker } from './tone-tracks.ts';

const RATE = 6300;
const HOP = 63;
const FRAME = 512;

/** A lane and tracker fed `seconds` of `tone(t)`, one 10 ms hop at a time; `onHop` sees each
 * hop's ready tracks. */
function follow(
  seconds: number,
  tone: (t: number) => number,
  keepHops = 200,
  onHop: (ready: ReturnType<ToneTracker['update']>, lane: SpectrumLane) => void = () => {},
) {
  const lane = new SpectrumLane({
    rate: RATE,
    frameSize: FRAME,
    hopSamples: HOP,
    ringHops: 400,
    lowHz: 400,
    highHz: 2250,
  });
  const tracker = new ToneTracker(0, lane, 450, 2100, keepHops);
  let n = 0;
  for (let hop = 0; hop < Math.round((seconds * RATE) / HOP); hop++) {
    for (let i = 0; i < HOP; i++, n++) lane.push(tone(n / RATE), 0);
    lane.finishHop();
    onHop(tracker.update(lane, 5), lane);
  }
  return { lane, tracker };
}

describe('ToneTracker coverage map', () => {
  it('says a steady tone was heard at its frequency and time, and nothing elsewhere', () => {
    // 1000 Hz from 0.5 s to 1.0 s, silence around it.
    const { lane, tracker } = follow(1.5, (t) =>
      t >= 0.5 && t < 1 ? 0.1 * Math.sin(2 * Math.PI * 1000 * t) : 0,
    );
    const bin = lane.binOf(1000);
    expect(tracker.heardNear(bin - 1, bin + 1, 55, 90)).toBe(true);
    expect(tracker.heardNear(lane.binOf(1200) - 1, lane.binOf(1200) + 1, 55, 90)).toBe(false);
    // Before the tone began (centre hops 0-20) and well after it ended (130-149).
    expect(tracker.heardNear(bin - 1, bin + 1, 0, 20)).toBe(false);
    expect(tracker.heardNear(bin - 1, bin + 1, 130, 149)).toBe(false);
  });

  it('forgets what is older than it keeps', () => {
    const { lane, tracker } = follow(3, (t) => (t < 0.5 ? 0.1 * Math.sin(2 * Math.PI * 1000 * t) : 0), 100);
    const bin = lane.binOf(1000);
    expect(tracker.heardNear(bin - 1, bin + 1, 0, 50)).toBe(false);
  });
});

describe('ToneTracker onsets', () => {
  /** Centre hops at which tracks near `hz` were reported ready, and where they said they started. */
  function readyStarts(seconds: number, tone: (t: number) => number, hz: number): number[] {
    const starts: number[] = [];
    follow(seconds, tone, 200, (ready, lane) => {
      for (const track of ready) if (Math.abs(lane.hzOf(track.bin) - hz) < 10) starts.push(track.start);
    });
    return starts;
  }

  it('starts a new onset when a tone comes back after its level fell away (a repeated pattern tone)', () => {
    // 1000 Hz at 0.2-0.7 s, a faint 1000 Hz (-30 dB: a reverberant tail, or programme) bridging
    // 0.7-1.2 s, then 1000 Hz again at 1.2-1.7 s: the second play is a tone of its own.
    const level = (t: number) =>
      (t >= 0.2 && t < 0.7) || (t >= 1.2 && t < 1.7) ? 0.1 : t >= 0.7 && t < 1.2 ? 0.003 : 0;
    const starts = readyStarts(2, (t) => level(t) * Math.sin(2 * Math.PI * 1000 * t), 1000);
    expect(starts).toHaveLength(2);
    // Centre hops: the second onset is read within a frame of 1.2 s (hop 120).
    expect(Math.abs((starts[1] as number) - 120)).toBeLessThan(FRAME / HOP);
  });

  it('keeps one onset for a steady tone whose level only wavers', () => {
    const starts = readyStarts(
      2,
      (t) =>
        (t >= 0.2 ? 0.1 * (1 + 0.3 * Math.sin(2 * Math.PI * 3 * t)) : 0) * Math.sin(2 * Math.PI * 1000 * t),
      1000,
    );
    expect(starts).toHaveLength(1);
  });
});
