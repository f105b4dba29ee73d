import { DEFAULT_TRIGGER_DURATION_MS, TONE_FADE_SAMPLES, TRIGGER_AMPLITUDE } from './engine-constants.ts';
import { signalFrequencies } from './signal-frequencies.ts';
import type { Signal } from './types.ts';

export interface SynthesizeOptions {
  frequencies: number[];
  durationMs?: number;
  sampleRate: number;
  signal?: Signal;
  amplitude?: number;
}

/** Sample index where slot `slot` of `slots` starts, so slots tile the whole length without gaps. */
export function slotBoundary(slot: number, slots: number, totalSamples: number): number {
  return Math.round((slot * totalSamples) / slots);
}

/**
 * Renders a trigger per SPEC §9: the tones in sequence, the duration split equally, each tone with
 * a 500-sample linear fade in and out (shorter when a tone is under 1000 samples, so fades never
 * overlap), peak amplitude 0.15. A `combined` signal plays the audible and the ultrasonic tone
 * together at half amplitude each, so the sum still peaks at `amplitude` and never clips when
 * mixed.
 */
export function synthesizeTrigger(opts: SynthesizeOptions): Float32Array {
  const { frequencies, sampleRate } = opts;
  const durationMs = opts.durationMs ?? DEFAULT_TRIGGER_DURATION_MS;
  const amplitude = opts.amplitude ?? TRIGGER_AMPLITUDE;
  const signal = opts.signal ?? 'audible';
  if (!(sampleRate > 0) || !Number.isFinite(sampleRate)) {
    throw new RangeError(`sampleRate must be a positive number, got ${sampleRate}`);
  }
  if (!(durationMs > 0) || !Number.isFinite(durationMs)) {
    throw new RangeError(`durationMs must be a positive number, got ${durationMs}`);
  }
  if (frequencies.length === 0) throw new RangeError('frequencies must not be empty');
  const nyquist = sampleRate / 2;
  const slots = signalFrequencies(frequencies, signal);
  for (const tones of slots) {
    for (const f of tones) {
      if (!(f > 0 && f < nyquist)) {
        throw new RangeError(
          `tone ${f} Hz cannot be played at ${sampleRate} Hz (must be in 0-${nyquist} Hz)`,
        );
      }
    }
  }

  const total = Math.round((durationMs * sampleRate) / 1000);
  const out = new Float32Array(total);
  slots.forEach((tones, slot) => {
    const start = slotBoundary(slot, slots.length, total);
    const end = slotBoundary(slot + 1, slots.length, total);
    writeTone(out, start, end, tones, amplitude / tones.length, sampleRate);
  });
  return out;
}

function writeTone(
  out: Float32Array,
  start: number,
  end: number,
  tones: number[],
  toneAmplitude: number,
  sampleRate: number,
): void {
  const length = end - start;
  const fade = Math.min(TONE_FADE_SAMPLES, Math.floor(length / 2));
  for (let i = 0; i < length; i++) {
    let gain = 1;
    if (fade > 0) gain = Math.min(1, i / fade, (length - 1 - i) / fade);
    let value = 0;
    for (const f of tones) value += Math.sin((2 * Math.PI * f * i) / sampleRate);
    out[start + i] = toneAmplitude * gain * value;
  }
}
