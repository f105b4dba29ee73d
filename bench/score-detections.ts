import type { TriggerEvent } from './trigger-schedule.ts';

export interface TimedDetection {
  triggerId: string | number;
  /** The time the detector reported. */
  timeSec: number;
  score: number;
  /** Stream position when push() returned it: what a listener experiences. */
  emittedAtSec: number;
  /** The speed and tempo the detector found, where it measures them (types.ts `Detection`). */
  speed?: number;
  tempo?: number;
}

/** What one event's first correct detection reported of the speed and tempo it was played at. */
export interface ReportedTiming {
  speed?: number;
  tempo?: number;
}

/** A detection counts for an event from the trigger's start until this long after its end. */
export const MATCH_WINDOW_AFTER_END_SEC = 2;

export interface TriggeredScore {
  events: number;
  detected: number;
  /** Events during which some other trigger fired. */
  wrongEvents: number;
  wrongDetections: number;
  /** Detections outside every event window (false positives in the triggered programme). */
  strayDetections: number;
  /** Emission time minus trigger end, first correct detection per event. */
  latenciesMs: number[];
  /** Reported timeSec minus trigger start, to document what the detector's timestamp means. */
  reportedOffsetsMs: number[];
  /** Speed and tempo of each detected event's first correct detection. */
  reportedTimings: ReportedTiming[];
  /** For tuning: which embedded triggers were missed or confused, and the stray detections. */
  missed: { triggerId: string | number; startSec: number }[];
  wrong: { expected: string | number; got: string | number; atSec: number; score: number }[];
  stray: { triggerId: string | number; atSec: number; score: number }[];
  /** Events first detected LATE_AFTER_END_MS or more after their end (e.g. a retested overlap). */
  late: { triggerId: string | number; startSec: number; latencyMs: number }[];
}

/** A first detection this long after the trigger's end is listed in `late` (the target is a median of 500 ms). */
export const LATE_AFTER_END_MS = 1000;

/**
 * The event a detection at `t` belongs to. Events may overlap (the overlap and repeat
 * conditions): among those whose window holds `t`, the earliest of the detected trigger not yet
 * counted comes first, then any of that trigger, then the latest-starting one (a wrong trigger).
 */
function eventFor(
  events: readonly TriggerEvent[],
  t: number,
  triggerId: string | number,
  detected: ReadonlySet<TriggerEvent>,
): TriggerEvent | undefined {
  let lo = 0;
  let hi = events.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((events[mid] as TriggerEvent).startSec <= t) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const open: TriggerEvent[] = [];
  for (let i = found; i >= 0; i--) {
    const event = events[i] as TriggerEvent;
    if (t - event.startSec > MAX_EVENT_SPAN_SEC) break;
    if (t <= event.endSec + MATCH_WINDOW_AFTER_END_SEC) open.push(event);
  }
  // Earliest first: a repeat's first detection belongs to the first play, not the second.
  const same = open.filter((e) => String(e.triggerId) === String(triggerId)).reverse();
  return same.find((e) => !detected.has(e)) ?? same[0] ?? open[0];
}

/** No event lasts longer than this (10 s triggers at tempo 0.8, plus the match window). */
const MAX_EVENT_SPAN_SEC = 16;

export function scoreTriggered(
  events: readonly TriggerEvent[],
  detections: readonly TimedDetection[],
): TriggeredScore {
  const detected = new Set<TriggerEvent>();
  const wrong = new Set<TriggerEvent>();
  const score: TriggeredScore = {
    events: events.length,
    detected: 0,
    wrongEvents: 0,
    wrongDetections: 0,
    strayDetections: 0,
    latenciesMs: [],
    reportedOffsetsMs: [],
    reportedTimings: [],
    missed: [],
    wrong: [],
    stray: [],
    late: [],
  };
  for (const d of detections) {
    const event = eventFor(events, d.emittedAtSec, d.triggerId, detected);
    if (event === undefined) {
      score.strayDetections++;
      score.stray.push({ triggerId: d.triggerId, atSec: d.emittedAtSec, score: d.score });
    } else if (String(event.triggerId) !== String(d.triggerId)) {
      score.wrongDetections++;
      wrong.add(event);
      score.wrong.push({
        expected: event.triggerId,
        got: d.triggerId,
        atSec: d.emittedAtSec,
        score: d.score,
      });
    } else if (!detected.has(event)) {
      detected.add(event);
      const latencyMs = (d.emittedAtSec - event.endSec) * 1000;
      score.latenciesMs.push(latencyMs);
      if (latencyMs >= LATE_AFTER_END_MS)
        score.late.push({
          triggerId: event.triggerId,
          startSec: event.startSec,
          latencyMs: Math.round(latencyMs),
        });
      score.reportedOffsetsMs.push((d.timeSec - event.startSec) * 1000);
      score.reportedTimings.push({
        ...(d.speed === undefined ? {} : { speed: d.speed }),
        ...(d.tempo === undefined ? {} : { tempo: d.tempo }),
      });
    }
  }
  score.detected = detected.size;
  score.missed = events
    .filter((e) => !detected.has(e))
    .map((e) => ({ triggerId: e.triggerId, startSec: e.startSec }));
  score.wrongEvents = wrong.size;
  return score;
}

export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function percentile(values: readonly number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
