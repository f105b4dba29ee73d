/**
 * Deterministic test audio for the engine's own tests and quick checks: seeded noise and a busy
 * "music" bed (chords with harmonics and vibrato, plus noise bursts), so detector tests are
 * reproducible without shipping recordings.
 */

import { seededRandom } from '../seeded-random.ts';

export { seededRandom };

/** Gaussian white noise with the given RMS. */
export function whiteNoise(length: number, rms: number, seed: number): Float32Array {
  const random = seededRandom(seed);
  const out = new Float32Array(length);
  for (let i = 0; i < length; i += 2) {
    const r = Math.sqrt(-2 * Math.log(random() + 1e-12));
    const a = 2 * Math.PI * random();
    out[i] = rms * r * Math.cos(a);
    if (i + 1 < length) out[i + 1] = rms * r * Math.sin(a);
  }
  return out;
}

export function rms(samples: Float32Array): number {
  let sum = 0;
  for (const x of samples) sum += x * x;
  return Math.sqrt(sum / Math.max(1, samples.length));
}

/** Adds white noise so that signal power / noise power = snrDb. */
export function addNoise(samples: Float32Array, snrDb: number, seed: number): Float32Array {
  const noise = whiteNoise(samples.length, rms(samples) / 10 ** (snrDb / 20), seed);
  return samples.map((x, i) => x + (noise[i] ?? 0));
}

/**
 * A dense synthetic music bed: every 250-750 ms a new chord of three harmonic notes (fundamentals
 * 100-800 Hz, 8 harmonics, slight vibrato) over pink-ish noise with occasional percussive
 * bursts. Peak-normalised to `peak`. It has energy all over 500-2000 Hz, like real music.
 */
export function busyMusic(sampleRate: number, seconds: number, seed: number, peak = 0.9): Float32Array {
  const random = seededRandom(seed);
  const n = Math.round(sampleRate * seconds);
  const out = new Float32Array(n);
  let at = 0;
  while (at < n) {
    const length = Math.round(sampleRate * (0.25 + 0.5 * random()));
    const notes = [0, 1, 2].map(() => 100 * 2 ** (3 * random()));
    const vibrato = 4 + 3 * random();
    for (const f0 of notes) {
      for (let h = 1; h <= 8; h++) {
        const f = f0 * h;
        if (f > sampleRate / 2 - 1000) break;
        addNote(out, at, Math.min(length, n - at), f, 0.3 / h, vibrato, sampleRate, 2 * Math.PI * random());
      }
    }
    if (random() < 0.5) {
      const burst = whiteNoise(
        Math.min(length, Math.round(sampleRate * 0.08)),
        0.4,
        Math.floor(random() * 1e9),
      );
      burst.forEach((x, i) => {
        if (at + i < n) out[at + i] = (out[at + i] ?? 0) + x * Math.exp(-i / (0.02 * sampleRate));
      });
    }
    at += length;
  }
  const noise = whiteNoise(n, 0.02, seed + 1);
  let smooth = 0;
  let max = 0;
  for (let i = 0; i < n; i++) {
    smooth = 0.95 * smooth + 0.05 * (noise[i] ?? 0);
    const v = (out[i] ?? 0) + 3 * smooth;
    out[i] = v;
    max = Math.max(max, Math.abs(v));
  }
  const gain = max > 0 ? peak / max : 1;
  for (let i = 0; i < n; i++) out[i] = (out[i] ?? 0) * gain;
  return out;
}

/** Adds a sine with a slight vibrato and 200-sample attack and release. A rotating phasor
 * (retuned every 64 samples) instead of Math.sin per sample keeps long test beds cheap. */
function addNote(
  out: Float32Array,
  at: number,
  length: number,
  f: number,
  amp: number,
  vibrato: number,
  sampleRate: number,
  phase: number,
): void {
  let re = Math.cos(phase);
  let im = Math.sin(phase);
  let stepRe = 1;
  let stepIm = 0;
  for (let i = 0; i < length; i++) {
    if (i % 64 === 0) {
      const inst = f * (1 + 0.004 * Math.sin((2 * Math.PI * vibrato * i) / sampleRate));
      const w = (2 * Math.PI * inst) / sampleRate;
      stepRe = Math.cos(w);
      stepIm = Math.sin(w);
      const norm = 1 / Math.hypot(re, im);
      re *= norm;
      im *= norm;
    }
    const env = Math.min(1, i / 200, (length - i) / 200);
    out[at + i] = (out[at + i] ?? 0) + amp * env * im;
    const nextRe = re * stepRe - im * stepIm;
    im = re * stepIm + im * stepRe;
    re = nextRe;
  }
}

/** Energy of `samples[from, to)` at frequency f (plain DFT bin), for checking what a signal holds. */
export function toneEnergy(
  samples: Float32Array,
  f: number,
  sampleRate: number,
  from = 0,
  to = samples.length,
): number {
  let re = 0;
  let im = 0;
  for (let i = from; i < to; i++) {
    const a = (2 * Math.PI * f * i) / sampleRate;
    re += (samples[i] ?? 0) * Math.cos(a);
    im -= (samples[i] ?? 0) * Math.sin(a);
  }
  return (re * re + im * im) / Math.max(1, to - from) ** 2;
}

/** Feeds `samples` to `push` in blocks of `blockSize` and collects everything returned. */
export function pushInBlocks<T>(
  samples: Float32Array,
  blockSize: number,
  push: (block: Float32Array) => T[],
): T[] {
  const out: T[] = [];
  for (let i = 0; i < samples.length; i += blockSize) out.push(...push(samples.subarray(i, i + blockSize)));
  return out;
}

/**
 * Plain sines, one per slot of `slotSamples`, each ringing on after its slot as a room of RT60
 * `rt60` s leaves it (0: dry), amplitude 0.2; the array holds `tailSeconds` after the last slot.
 */
export function ringingPattern(
  pattern: readonly number[],
  sampleRate: number,
  slotSamples: number,
  rt60: number,
  tailSeconds = 2,
): Float32Array {
  const wet = new Float32Array(slotSamples * pattern.length + Math.round(tailSeconds * sampleRate));
  const decay = rt60 > 0 ? Math.log(1000) / (rt60 * sampleRate) : Number.POSITIVE_INFINITY;
  for (const [k, hz] of pattern.entries()) {
    const end = (k + 1) * slotSamples;
    for (let i = k * slotSamples; i < wet.length; i++) {
      const tail = i < end ? 1 : Math.exp(-decay * (i - end));
      if (tail < 1e-3) break;
      wet[i] = (wet[i] as number) + 0.2 * tail * Math.sin((2 * Math.PI * hz * i) / sampleRate);
    }
  }
  return wet;
}
