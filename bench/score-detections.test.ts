import { describe, expect, it } from 'vitest';
import { median, scoreTriggered, type TimedDetection } from './score-detections.ts';
import type { TriggerEvent } from './trigger-schedule.ts';

const event = (triggerId: string, startSec: number): TriggerEvent => ({
  triggerId,
  startSec,
  endSec: startSec + 2,
  startSample: startSec * 100,
  endSample: (startSec + 2) * 100,
});
const at = (triggerId: string, emittedAtSec: number): TimedDetection => ({
  triggerId,
  emittedAtSec,
  timeSec: emittedAtSec,
  score: 1,
});

describe('scoreTriggered', () => {
  const events = [event('A', 1), event('B', 9), event('C', 17)];

  it('counts the first right detection per event and its latency after the end', () => {
    const s = scoreTriggered(events, [at('A', 3.1), at('A', 3.5), at('B', 11.4)]);
    expect(s).toMatchObject({ events: 3, detected: 2, wrongEvents: 0, strayDetections: 0 });
    expect(s.latenciesMs.map(Math.round)).toEqual([100, 400]);
  });

  it('lists the events first detected a second or more after their end', () => {
    const s = scoreTriggered(events, [at('A', 3.2), at('B', 12.4), at('B', 12.6)]);
    expect(s.late).toEqual([{ triggerId: 'B', startSec: 9, latencyMs: 1400 }]);
  });

  it('separates wrong triggers inside a window from stray detections outside every window', () => {
    const s = scoreTriggered(events, [at('C', 10), at('A', 6), at('C', 19.2)]);
    expect(s).toMatchObject({ detected: 1, wrongEvents: 1, wrongDetections: 1, strayDetections: 1 });
  });

  it('does not count detections before the trigger starts', () => {
    expect(scoreTriggered(events, [at('B', 8.9)]).detected).toBe(0);
  });
});

describe('median', () => {
  it('handles odd, even and empty inputs', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeUndefined();
  });
});
