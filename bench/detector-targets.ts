import type { ConditionResult } from './condition-result.ts';
import { poissonUpperPerHour } from './poisson-bound.ts';

/**
 * The detector's targets on every condition (issue 9; the CPU budget is issue 3's): >= 99 %
 * detection, 0 wrong triggers, 0 false positives per hour on >= 1 h of trigger-free programme,
 * median latency <= 500 ms after the trigger ends, <= 5 ms of CPU per second of audio.
 */
export const DETECTOR_TARGETS = {
  minDetectionRate: 0.99,
  maxWrongEvents: 0,
  maxFalsePositivesPerHour: 0,
  minQuietHours: 1,
  maxMedianLatencyMs: 500,
  maxCpuMsPerSec: 5,
} as const;

export type TargetMetric = 'detection' | 'wrong triggers' | 'FP/h' | 'median latency' | 'CPU';

export interface TargetCheck {
  metric: TargetMetric;
  met: boolean;
  /** The figure and, where short, by how much: e.g. "96.7 % (-2.3 pts)". */
  detail: string;
}

const pct = (v: number) => `${(v * 100).toFixed(1)} %`;

/**
 * "0 in 0.90 h (95 % upper bound 3.3/h)": zero false positives is a count, so the bound says
 * what the hours measured can rule out; where some fired, the rate and the count.
 */
export function falsePositiveDetail(falsePositives: number, hours: number): string {
  const bound = `95 % upper bound ${poissonUpperPerHour(falsePositives, hours).toFixed(1)}/h`;
  if (falsePositives === 0) return `0 in ${hours.toFixed(2)} h (${bound})`;
  return `${(falsePositives / hours).toFixed(1)}/h: ${falsePositives} in ${hours.toFixed(2)} h (+${falsePositives} over 0)`;
}

export function checkTargets(r: ConditionResult): TargetCheck[] {
  const t = DETECTOR_TARGETS;
  const latency = r.medianLatencyMs;
  const detectionMet = r.detectionRate >= t.minDetectionRate;
  return [
    {
      metric: 'detection',
      met: detectionMet,
      detail: detectionMet
        ? pct(r.detectionRate)
        : `${pct(r.detectionRate)} (-${((t.minDetectionRate - r.detectionRate) * 100).toFixed(1)} pts)`,
    },
    {
      metric: 'wrong triggers',
      met: r.wrongEvents <= t.maxWrongEvents,
      detail: r.wrongEvents === 0 ? '0' : `${r.wrongEvents} of ${r.events} (+${r.wrongEvents} over 0)`,
    },
    {
      // A condition's own trigger-free stretch is shorter than an hour on the held-out split:
      // met here means none fired; the hour is reached summed over conditions (report summary).
      metric: 'FP/h',
      met: r.quietFalsePositives === 0,
      detail: falsePositiveDetail(r.quietFalsePositives, r.quietHours),
    },
    {
      metric: 'median latency',
      met: latency !== null && latency <= t.maxMedianLatencyMs,
      detail:
        latency === null
          ? 'no detections'
          : latency <= t.maxMedianLatencyMs
            ? `${latency} ms`
            : `${latency} ms (+${latency - t.maxMedianLatencyMs} ms)`,
    },
    {
      metric: 'CPU',
      met: r.cpuMsPerSec <= t.maxCpuMsPerSec,
      detail:
        r.cpuMsPerSec <= t.maxCpuMsPerSec
          ? `${r.cpuMsPerSec.toFixed(2)} ms/s`
          : `${r.cpuMsPerSec.toFixed(2)} ms/s (+${(r.cpuMsPerSec - t.maxCpuMsPerSec).toFixed(2)} ms/s)`,
    },
  ];
}
