import type { ConditionResult } from './condition-result.ts';

/** The robust detector's targets from issue 3, on every condition. */
export const ROBUST_TARGETS = {
  minDetectionRate: 0.99,
  maxWrongTriggerRate: 0,
  maxFalsePositivesPerHour: 0,
  maxMedianLatencyMs: 500,
  maxCpuMsPerSec: 5,
} as const;

export interface TargetCheck {
  metric: string;
  met: boolean;
  /** e.g. "98.3 % (0.7 pp short)". */
  detail: string;
}

const pct = (v: number) => `${(v * 100).toFixed(1)} %`;

export function checkRobustTargets(r: ConditionResult): TargetCheck[] {
  const t = ROBUST_TARGETS;
  const latency = r.medianLatencyMs;
  return [
    {
      metric: 'detection',
      met: r.detectionRate >= t.minDetectionRate,
      detail:
        r.detectionRate >= t.minDetectionRate
          ? pct(r.detectionRate)
          : `${pct(r.detectionRate)} (${((t.minDetectionRate - r.detectionRate) * 100).toFixed(1)} pp short of 99 %)`,
    },
    {
      metric: 'wrong trigger',
      met: r.wrongTriggerRate <= t.maxWrongTriggerRate,
      detail:
        r.wrongEvents === 0 ? '0' : `${r.wrongEvents} of ${r.events} events (${pct(r.wrongTriggerRate)})`,
    },
    {
      metric: 'FP/h',
      met: r.falsePositivesPerHour <= t.maxFalsePositivesPerHour,
      detail:
        r.quietFalsePositives === 0
          ? '0'
          : `${r.falsePositivesPerHour.toFixed(1)} (${r.quietFalsePositives} in ${r.quietHours.toFixed(2)} h)`,
    },
    {
      metric: 'median latency',
      met: latency !== null && latency <= t.maxMedianLatencyMs,
      detail:
        latency === null
          ? 'no detections'
          : latency <= t.maxMedianLatencyMs
            ? `${latency} ms`
            : `${latency} ms (${latency - t.maxMedianLatencyMs} ms over)`,
    },
    {
      metric: 'CPU',
      met: r.cpuMsPerSec <= t.maxCpuMsPerSec,
      detail:
        r.cpuMsPerSec <= t.maxCpuMsPerSec
          ? `${r.cpuMsPerSec.toFixed(2)} ms/s`
          : `${r.cpuMsPerSec.toFixed(2)} ms/s (${(r.cpuMsPerSec - t.maxCpuMsPerSec).toFixed(2)} ms/s over)`,
    },
  ];
}
