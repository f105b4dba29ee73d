import { median, type ReportedTiming } from './score-detections.ts';

// Issue 9 item 1: "Each detection reports the speed and tempo it found." Detection rates say
// whether a played trigger was found; this says whether what the detection carries (stored with
// the activation, printed by `tonemark detect --json`) is the speed and tempo it was played at.

/** A reported speed this close (relative) to the played one is right: a tenth of the 0.95-1.05 range. */
export const SPEED_TOLERANCE = 0.005;
/**
 * A reported tempo this close (relative) is right: the field detector reads slot lengths to about
 * a hop a slot, so tempos within 3 % of 1 are tempo 1 to it (field-score.ts, TEMPO_ONE_SPAN).
 */
export const TEMPO_TOLERANCE = 0.03;

/** How the condition played its triggers: 1 and 1 unless it changes speed or tempo. */
export interface PlayedTiming {
  speed: number;
  tempo: number;
}

export interface ReportedTimingSummary {
  /** Detected events whose first correct detection carried a speed and a tempo. */
  measured: number;
  /** Detected events whose detection carried neither (the coherent detector alone heard them). */
  unmeasured: number;
  speedRight: number;
  tempoRight: number;
  /** Median |reported / played - 1|, in per cent. */
  medianSpeedErrorPct: number | null;
  medianTempoErrorPct: number | null;
  /** The largest tempo error, in per cent: a wrong tempo is a whole reading off, not noise. */
  maxTempoErrorPct: number | null;
}

const errorOf = (reported: number, played: number) => Math.abs(reported / played - 1);
const pct = (v: number | undefined) => (v === undefined ? null : Math.round(v * 1000) / 10);

export function summariseReportedTiming(
  reported: readonly ReportedTiming[],
  played: PlayedTiming,
): ReportedTimingSummary {
  const measured = reported.filter(
    (r): r is Required<ReportedTiming> => r.speed !== undefined && r.tempo !== undefined,
  );
  const speedErrors = measured.map((r) => errorOf(r.speed, played.speed));
  const tempoErrors = measured.map((r) => errorOf(r.tempo, played.tempo));
  return {
    measured: measured.length,
    unmeasured: reported.length - measured.length,
    speedRight: speedErrors.filter((e) => e <= SPEED_TOLERANCE).length,
    tempoRight: tempoErrors.filter((e) => e <= TEMPO_TOLERANCE).length,
    medianSpeedErrorPct: pct(median(speedErrors)),
    medianTempoErrorPct: pct(median(tempoErrors)),
    maxTempoErrorPct: pct(tempoErrors.length === 0 ? undefined : Math.max(...tempoErrors)),
  };
}
