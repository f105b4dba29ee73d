import { Fft } from './fft.ts';

/**
 * The spectral front end of the SPEC §9 detector: one Hann-windowed FFT of the latest window and
 * at most four dominant peaks, merged when within 5 %, each above max(3 x average level, 100).
 *
 * Magnitude scale: each bin is expressed as the amplitude of the sine it represents, in 16-bit
 * PCM units (2|X_k| / sum(window) x 32768). The SPEC's floor of 100 then means a tone of
 * 100 / 32768 = -50 dBFS, which is a sensible "something is really there" level for a microphone;
 * a SPEC-level embedded trigger (0.15 x 0.15 = 0.0225 peak) reads about 740.
 */

export const SPEC_WINDOW = 2048;
const SPEC_PEAK_FLOOR = 100;
const SPEC_PEAK_AVERAGE_FACTOR = 3;
const SPEC_MAX_PEAKS = 4;
const SPEC_MERGE_FRACTION = 0.05;
const PCM16_SCALE = 32768;

export interface SpectralPeak {
  frequency: number;
  magnitude: number;
}

export class SpecPeakFinder {
  private readonly fft = new Fft(SPEC_WINDOW);
  private readonly window = new Float64Array(SPEC_WINDOW);
  private readonly re = new Float64Array(SPEC_WINDOW);
  private readonly im = new Float64Array(SPEC_WINDOW);
  private readonly magnitude = new Float64Array(SPEC_WINDOW / 2);
  private readonly scale: number;

  constructor(private readonly sampleRate: number) {
    let sum = 0;
    for (let i = 0; i < SPEC_WINDOW; i++) {
      const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / SPEC_WINDOW);
      this.window[i] = w;
      sum += w;
    }
    this.scale = (2 / sum) * PCM16_SCALE;
  }

  /**
   * `samples` holds the latest SPEC_WINDOW samples in time order. `wanted(f)` limits the search to
   * frequencies some trigger could match, so bass and voice fundamentals do not use up the four
   * peaks (docs/decisions/audio-spec-detector.md).
   */
  find(samples: Float64Array, wanted: (frequency: number) => boolean): SpectralPeak[] {
    const { re, im, magnitude } = this;
    for (let i = 0; i < SPEC_WINDOW; i++) {
      re[i] = (samples[i] ?? 0) * (this.window[i] ?? 0);
      im[i] = 0;
    }
    this.fft.transform(re, im);
    const bins = SPEC_WINDOW / 2;
    let total = 0;
    for (let k = 1; k < bins; k++) {
      const m = Math.hypot(re[k] ?? 0, im[k] ?? 0) * this.scale;
      magnitude[k] = m;
      total += m;
    }
    const threshold = Math.max(SPEC_PEAK_AVERAGE_FACTOR * (total / (bins - 1)), SPEC_PEAK_FLOOR);
    const binHz = this.sampleRate / SPEC_WINDOW;
    const peaks: SpectralPeak[] = [];
    for (let k = 2; k < bins - 1; k++) {
      const m = magnitude[k] ?? 0;
      if (m <= threshold || m <= (magnitude[k - 1] ?? 0) || m < (magnitude[k + 1] ?? 0)) continue;
      const frequency = (k + parabolicOffset(magnitude[k - 1] ?? 0, m, magnitude[k + 1] ?? 0)) * binHz;
      if (wanted(frequency)) peaks.push({ frequency, magnitude: m });
    }
    peaks.sort((a, b) => b.magnitude - a.magnitude);
    const kept: SpectralPeak[] = [];
    for (const peak of peaks) {
      if (kept.some((k) => Math.abs(k.frequency - peak.frequency) <= SPEC_MERGE_FRACTION * k.frequency))
        continue;
      kept.push(peak);
      if (kept.length === SPEC_MAX_PEAKS) break;
    }
    return kept;
  }
}

/** Sub-bin position of a peak from its two neighbours (parabola through log magnitudes). */
function parabolicOffset(left: number, centre: number, right: number): number {
  const a = Math.log(left + 1e-12);
  const b = Math.log(centre + 1e-12);
  const c = Math.log(right + 1e-12);
  const denominator = a - 2 * b + c;
  return denominator === 0 ? 0 : (0.5 * (a - c)) / denominator;
}
