/**
 * A detection's quality figure in words. The engine's snrDb is how far the trigger's tones stood
 * above the sound in the bins around them, averaged over the pattern; detectors fire from about
 * 10 dB. A trigger played in a quiet room measures 50 dB and more, the same under loud pink noise
 * (4x the trigger's level) about 35 dB, so the steps are set around those.
 */
export type DetectionQualityLevel = 'weak' | 'fair' | 'good' | 'excellent';

const LEVELS: { min: number; level: DetectionQualityLevel; words: string }[] = [
  { min: 40, level: 'excellent', words: 'Excellent signal' },
  { min: 25, level: 'good', words: 'Good signal' },
  { min: 15, level: 'fair', words: 'Fair signal' },
  { min: -Infinity, level: 'weak', words: 'Weak signal' },
];

export interface DetectionQuality {
  level: DetectionQualityLevel;
  /** e.g. 'Good signal' */
  words: string;
  /** e.g. 'Good signal · 31.2 dB' */
  text: string;
  /** What the figure means, for a tooltip or screen reader. */
  explanation: string;
}

export const DETECTION_QUALITY_EXPLANATION =
  'Signal-to-noise ratio: how far the trigger’s tones stood above the surrounding sound when it was heard. Weak detections were close to being missed.';

export function detectionQuality(snrDb: number): DetectionQuality {
  const step = LEVELS.find((l) => snrDb >= l.min) ?? LEVELS[LEVELS.length - 1];
  const level = step?.level ?? 'weak';
  const words = step?.words ?? 'Weak signal';
  return {
    level,
    words,
    text: `${words} · ${snrDb.toFixed(1)} dB`,
    explanation: DETECTION_QUALITY_EXPLANATION,
  };
}
