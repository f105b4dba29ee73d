import type { ConditionId } from './channel-conditions.ts';
import type { ReportedTimingSummary } from './reported-timing.ts';
import type { BenchDetector } from './run-detectors.ts';

/** One row of the benchmark: one detector under one channel condition. */
export interface ConditionResult {
  condition: ConditionId;
  detector: BenchDetector;
  /** Triggers the detector listened for (the embedded ones plus never-played decoys). */
  activeTriggers: number;
  events: number;
  detected: number;
  detectionRate: number;
  wrongEvents: number;
  wrongTriggerRate: number;
  wrongDetections: number;
  strayDetections: number;
  quietHours: number;
  quietFalsePositives: number;
  falsePositivesPerHour: number;
  medianLatencyMs: number | null;
  p90LatencyMs: number | null;
  medianReportedOffsetMs: number | null;
  /** Whether the detections carried the speed and tempo the triggers were played at. */
  reportedTiming?: ReportedTimingSummary;
  cpuMsPerSec: number;
  audioSec: number;
  /** Wall time of the whole condition (conditioning + both detectors). */
  wallSec: number;
  /** Up to DETAIL_LIMIT examples of each failure, with programme times, for tuning. */
  details?: {
    missed: { triggerId: string | number; startSec: number }[];
    wrong: { expected: string | number; got: string | number; atSec: number; score: number }[];
    falsePositives: { triggerId: string | number; atSec: number; score: number; clip: string }[];
    /** Events first detected 1 s or more after their end (score-detections.ts, LATE_AFTER_END_MS). */
    late?: { triggerId: string | number; startSec: number; latencyMs: number }[];
  };
}

export const DETAIL_LIMIT = 25;
