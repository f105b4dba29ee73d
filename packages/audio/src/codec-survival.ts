import type { Signal } from './types.ts';

/** Lossy codecs a trigger's media is commonly (re-)encoded with on the way to a listener. */
export type LossyCodec = 'mp3' | 'aac' | 'opus';

/**
 * The lowest stereo bitrate (kb/s) from which a signal type was detected every time after an encode
 * with the codec's own defaults, as a streaming platform re-encodes: measured by
 * bench/codec-table.ts (table in docs/audio-benchmark.md) at 96, 128, 192 and 256 kb/s on real
 * speech and music, 24 triggers per cell (so "every time" means 24/24, not a 99 % bound), and kept
 * equal to the last full run's table by bench/codec-survival-table.test.ts. `undefined`: not at
 * every bitrate from one measured up. Stereo MP3 and AAC low-pass at 16-17 kHz at 128 kb/s and
 * about 19 kHz at 192 kb/s, which is where the 17.5-20 kHz ultrasonic band goes (MP3 256k about
 * half, AAC 192k about half); Opus keeps it from 96 kb/s. The streaming profile (13-15 kHz) lost 1
 * of 24 in MP3 at 96 kb/s.
 */
export const MIN_SURVIVING_KBPS: Readonly<Record<Signal, Readonly<Record<LossyCodec, number | undefined>>>> =
  {
    audible: { mp3: 96, aac: 96, opus: 96 },
    ultrasonic: { mp3: undefined, aac: 256, opus: 96 },
    combined: { mp3: 96, aac: 96, opus: 96 },
    streaming: { mp3: 128, aac: 96, opus: 96 },
  };

/** The lossy codec behind an ffmpeg codec or encoder name, if it is one the table covers. */
export function lossyCodecOf(name: string): LossyCodec | undefined {
  const n = name.toLowerCase();
  if (n === 'mp3' || n === 'libmp3lame' || n === 'libshine') return 'mp3';
  if (n === 'aac' || n === 'libfdk_aac') return 'aac';
  if (n === 'opus' || n === 'libopus') return 'opus';
  return undefined;
}

/** Whether `signal` survives `codec` at `kbps` (unknown bitrate: only if it survives the lowest). */
export function survivesCodec(signal: Signal, codec: LossyCodec, kbps: number | undefined): boolean {
  const min = MIN_SURVIVING_KBPS[signal][codec];
  if (min === undefined) return false;
  return kbps === undefined ? min <= 96 : kbps >= min;
}

const CODEC_NAMES: Record<LossyCodec, string> = { mp3: 'MP3', aac: 'AAC', opus: 'Opus' };

/**
 * The warning for a trigger of `signal` in media encoded as `codecName` at `bitRate` (bit/s), or
 * undefined when the measured table says it survives (or the codec is lossless or unknown).
 */
export function codecSurvivalWarning(
  signal: Signal,
  codecName: string,
  bitRate: number | undefined,
): string | undefined {
  const codec = lossyCodecOf(codecName);
  if (codec === undefined) return undefined;
  const kbps = bitRate === undefined ? undefined : Math.round(bitRate / 1000);
  if (survivesCodec(signal, codec, kbps)) return undefined;
  const rate = kbps === undefined ? 'an unknown bitrate' : `${kbps} kb/s`;
  const min = MIN_SURVIVING_KBPS[signal][codec];
  const fix =
    min === undefined
      ? `no ${CODEC_NAMES[codec]} bitrate up to 256 kb/s keeps it: use 'combined' or 'audible'`
      : `use ${min} kb/s or more`;
  return `warning: ${signal} trigger encoded as ${CODEC_NAMES[codec]} at ${rate}; listeners are unlikely to detect it after a ${CODEC_NAMES[codec]} encode like this one (measured, docs/audio-benchmark.md): ${fix}`;
}
