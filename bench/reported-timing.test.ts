import { describe, expect, it } from 'vitest';
import { CONDITIONS } from './channel-conditions.ts';
import { summariseReportedTiming } from './reported-timing.ts';
import { scoreTriggered, type TimedDetection } from './score-detections.ts';
import type { TriggerEvent } from './trigger-schedule.ts';

const event = (triggerId: string, startSec: number): TriggerEvent => ({
  triggerId,
  startSec,
  endSec: startSec + 2.5,
  startSample: startSec * 100,
  endSample: (startSec + 2.5) * 100,
});
const detection = (
  triggerId: string,
  emittedAtSec: number,
  speed?: number,
  tempo?: number,
): TimedDetection => ({
  triggerId,
  emittedAtSec,
  timeSec: emittedAtSec,
  score: 1,
  ...(speed === undefined ? {} : { speed }),
  ...(tempo === undefined ? {} : { tempo }),
});

describe('reported speed and tempo', () => {
  it("keeps each detected event's first right detection's speed and tempo", () => {
    const s = scoreTriggered(
      [event('A', 1), event('B', 9), event('C', 17)],
      [
        detection('A', 3.8, 1, 0.81),
        detection('A', 3.9, 1, 1),
        detection('B', 11.9),
        detection('X', 20, 1, 0.8),
      ],
    );
    expect(s.reportedTimings).toEqual([{ speed: 1, tempo: 0.81 }, {}]);
  });

  it('counts figures within the tolerances against the played ones, and the errors', () => {
    const summary = summariseReportedTiming(
      [{ speed: 1.001, tempo: 0.812 }, { speed: 1, tempo: 0.999 }, { speed: 0.99, tempo: 0.8 }, {}],
      { speed: 1, tempo: 0.8 },
    );
    expect(summary).toEqual({
      measured: 3,
      unmeasured: 1,
      speedRight: 2,
      tempoRight: 2,
      medianSpeedErrorPct: 0.1,
      medianTempoErrorPct: 1.5,
      maxTempoErrorPct: 24.9,
    });
    expect(summariseReportedTiming([], { speed: 1, tempo: 1 })).toMatchObject({
      measured: 0,
      medianTempoErrorPct: null,
      maxTempoErrorPct: null,
    });
  });

  it('knows what each speed and tempo condition plays', () => {
    const played = (id: string) => CONDITIONS.find((c) => c.id === id)?.played;
    expect(played('speed-0.95')).toEqual({ speed: 0.95, tempo: 1 });
    expect(played('tempo-1.25')).toEqual({ speed: 1, tempo: 1.25 });
    expect(played('tempo-0.8-rubberband')).toEqual({ speed: 1, tempo: 0.8 });
    expect(played('room-1.0s-6m-babble-0db')).toBeUndefined();
  });
});
