import { describe, expect, it } from 'vitest';
import { SpectrumLane } from './spectrum-lane.ts';
import { ToneTracker } from './tone-tracks.ts';

const RATE = 6300;
const HOP = 63;
const FRAME = 512;

/** A lane and tracker fed `seconds` of `tone(t)`, one 10 ms hop at a time. */
function follow(seconds: number, tone: (t: number) => number, keepHops = 200) {
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
    tracker.update(lane, 5);
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
