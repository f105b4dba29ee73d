import type { DetectorKind, Signal } from '@tonemark/audio';
import { UsageError } from './cli-error.ts';

export const SIGNALS: readonly Signal[] = ['audible', 'ultrasonic', 'combined', 'streaming'];
export const DETECTORS: readonly DetectorKind[] = ['coherent', 'robust', 'dual', 'spec'];

// The slider offers 4 tones; the engine can handle other counts, so accept a sane range.
const MIN_TONES = 2;
const MAX_TONES = 8;
const MIN_HZ = 20;
const MAX_HZ = 20_000;

/** "1000,1200,1500,1800" -> [1000, 1200, 1500, 1800]. */
export function parseFrequencies(text: string): number[] {
  const parts = text.split(',').map((p) => p.trim());
  const freqs = parts.map((p) => (p === '' ? Number.NaN : Number(p)));
  const bad = parts.find((_, i) => !Number.isFinite(freqs[i]));
  if (bad !== undefined)
    throw new UsageError(`--freqs: '${bad}' is not a number (example: 1000,1200,1500,1800)`);
  if (freqs.length < MIN_TONES || freqs.length > MAX_TONES) {
    throw new UsageError(`--freqs: give ${MIN_TONES} to ${MAX_TONES} frequencies, got ${freqs.length}`);
  }
  const outOfRange = freqs.find((f) => f < MIN_HZ || f > MAX_HZ);
  if (outOfRange !== undefined) {
    throw new UsageError(`--freqs: ${outOfRange} Hz is outside ${MIN_HZ}-${MAX_HZ} Hz`);
  }
  return freqs;
}

export function parseNumberOption(
  text: string | undefined,
  flag: string,
  range: { min: number; max: number; integer?: boolean },
): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value))
    throw new UsageError(`${flag}: '${text}' is not a number`);
  if (range.integer === true && !Number.isInteger(value))
    throw new UsageError(`${flag}: must be a whole number`);
  if (value < range.min || value > range.max) {
    throw new UsageError(`${flag}: ${value} is outside ${range.min}-${range.max}`);
  }
  return value;
}

function oneOf<T extends string>(
  text: string | undefined,
  flag: string,
  allowed: readonly T[],
): T | undefined {
  if (text === undefined) return undefined;
  const found = allowed.find((a) => a === text);
  if (found === undefined) throw new UsageError(`${flag}: '${text}' is not one of ${allowed.join(', ')}`);
  return found;
}

export function parseSignal(text: string | undefined): Signal {
  return oneOf(text, '--signal', SIGNALS) ?? 'audible';
}

export function parseDetectorKind(text: string | undefined): DetectorKind {
  return oneOf(text, '--detector', DETECTORS) ?? 'dual';
}

/** "--at 12.5" (seconds) or "--at 40%" (a fraction of the duration, as SPEC §9 positions it). */
export function parsePosition(text: string): { seconds: number } | { fraction: number } {
  const trimmed = text.trim();
  if (trimmed.endsWith('%')) {
    const percent = parseNumberOption(trimmed.slice(0, -1), '--at', { min: 0, max: 100 });
    return { fraction: (percent ?? 0) / 100 };
  }
  return { seconds: parseNumberOption(trimmed, '--at', { min: 0, max: 24 * 3600 }) ?? 0 };
}
