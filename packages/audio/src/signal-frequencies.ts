import {
  PATTERN_MAX_HZ,
  PATTERN_MIN_HZ,
  STREAMING_MAX_HZ,
  STREAMING_MIN_HZ,
  ULTRASONIC_MAX_HZ,
  ULTRASONIC_MIN_HZ,
} from './engine-constants.ts';
import type { Signal } from './types.ts';

/**
 * Maps a pattern frequency into the near-ultrasonic band, linearly: 500 Hz -> 17 500 Hz,
 * 2000 Hz -> 20 000 Hz, so each 50 Hz step of the slider becomes 83.3 Hz. Linear keeps the order
 * and the spacing of the pattern (distinct audible patterns stay distinct), and the top,
 * 20 kHz, is below the 22.05 kHz Nyquist limit of 44.1 kHz audio. Inputs outside 500-2000 Hz are
 * clamped first so the result never leaves the band (see docs/decisions/audio-signals.md).
 */
export function ultrasonicFrequency(frequency: number): number {
  const clamped = Math.min(PATTERN_MAX_HZ, Math.max(PATTERN_MIN_HZ, frequency));
  const scale = (ULTRASONIC_MAX_HZ - ULTRASONIC_MIN_HZ) / (PATTERN_MAX_HZ - PATTERN_MIN_HZ);
  return ULTRASONIC_MIN_HZ + (clamped - PATTERN_MIN_HZ) * scale;
}

/**
 * Maps a pattern frequency into the `streaming` band the same way: 500 Hz -> 13 000 Hz,
 * 2000 Hz -> 15 500 Hz (83.3 Hz per slider step). The band is 2.5 kHz wide on purpose: the
 * detector tells patterns apart at unknown playback speed by their frequency ratios, and a
 * narrower band (LISNR's is 450 Hz) would make one pattern at one speed look like another.
 */
export function streamingFrequency(frequency: number): number {
  const clamped = Math.min(PATTERN_MAX_HZ, Math.max(PATTERN_MIN_HZ, frequency));
  const scale = (STREAMING_MAX_HZ - STREAMING_MIN_HZ) / (PATTERN_MAX_HZ - PATTERN_MIN_HZ);
  return STREAMING_MIN_HZ + (clamped - PATTERN_MIN_HZ) * scale;
}

/**
 * For each time slot of the pattern, the tone frequencies actually played:
 * audible `[f]`, ultrasonic `[mapped f]`, combined `[f, mapped f]`, streaming `[13-15.5 kHz f]`.
 */
export function signalFrequencies(pattern: number[], signal: Signal): number[][] {
  return pattern.map((f) => {
    if (signal === 'audible') return [f];
    if (signal === 'ultrasonic') return [ultrasonicFrequency(f)];
    if (signal === 'streaming') return [streamingFrequency(f)];
    return [f, ultrasonicFrequency(f)];
  });
}
