import { extname } from 'node:path';
import { MediaError } from './media-error.ts';

export interface AudioEncoderChoice {
  /** ffmpeg encoder name. */
  codec: string;
  lossy: boolean;
  /** Used when the source bitrate is unknown (e.g. Opus in WebM rarely declares one). */
  defaultBitRate?: number;
  minBitRate?: number;
  maxBitRate?: number;
}

const MP3: AudioEncoderChoice = {
  codec: 'libmp3lame',
  lossy: true,
  defaultBitRate: 192_000,
  minBitRate: 32_000,
  maxBitRate: 320_000,
};
const AAC: AudioEncoderChoice = {
  codec: 'aac',
  lossy: true,
  defaultBitRate: 192_000,
  minBitRate: 32_000,
  maxBitRate: 512_000,
};
const OPUS: AudioEncoderChoice = {
  codec: 'libopus',
  lossy: true,
  defaultBitRate: 128_000,
  minBitRate: 16_000,
  maxBitRate: 510_000,
};
const VORBIS: AudioEncoderChoice = {
  codec: 'libvorbis',
  lossy: true,
  defaultBitRate: 160_000,
  minBitRate: 48_000,
  maxBitRate: 500_000,
};

// Chosen by output container: the encoder every player expects in that container.
const BY_EXTENSION: Record<string, AudioEncoderChoice> = {
  '.mp3': MP3,
  '.m4a': AAC,
  '.aac': AAC,
  '.mp4': AAC,
  '.m4v': AAC,
  '.mov': AAC,
  '.mkv': AAC,
  '.webm': OPUS,
  '.opus': OPUS,
  '.ogg': VORBIS,
  '.oga': VORBIS,
  '.wav': { codec: 'pcm_s16le', lossy: false },
  '.flac': { codec: 'flac', lossy: false },
};

export const WRITABLE_EXTENSIONS: readonly string[] = Object.keys(BY_EXTENSION);

export function audioEncoderForPath(path: string): AudioEncoderChoice {
  const ext = extname(path).toLowerCase();
  const choice = BY_EXTENSION[ext];
  if (choice === undefined) {
    throw new MediaError(
      'unsupported',
      `cannot write ${ext === '' ? 'files without an extension' : `${ext} files`} (supported: ${WRITABLE_EXTENSIONS.join(' ')})`,
    );
  }
  return choice;
}

/**
 * Keeps the source's bitrate where known so re-muxing does not silently change quality,
 * clamped to what the encoder accepts (a WAV source reports 1411 kb/s, too much for MP3).
 */
export function chooseBitRate(
  choice: AudioEncoderChoice,
  sourceBitRate: number | undefined,
): number | undefined {
  if (!choice.lossy) return undefined;
  const wanted = sourceBitRate ?? choice.defaultBitRate;
  if (wanted === undefined) return undefined;
  const min = choice.minBitRate ?? wanted;
  const max = choice.maxBitRate ?? wanted;
  return Math.round(Math.min(max, Math.max(min, wanted)));
}

/** Top of the encoder pass band that keeps ultrasonic trigger tones (17.5-20 kHz). */
export const ULTRASONIC_CUTOFF_HZ = 20_500;
// Measured with ffmpeg 5.1: LAME and the native AAC encoder low-pass below 19.5 kHz by default at
// every bitrate up to 256 kb/s, and the 19-20 kHz tones are gone; with this cutoff they survive
// even at 64 kb/s. Opus (fullband, 20 kHz) and Vorbis keep them without help.
const LOWPASS_BY_DEFAULT = new Set(['libmp3lame', 'aac']);

/**
 * Encoder options that keep the ultrasonic band in the output: a cutoff above it for encoders
 * that would otherwise filter it out, nothing for the others.
 */
export function ultrasonicBandArgs(codec: string): string[] {
  return LOWPASS_BY_DEFAULT.has(codec) ? ['-cutoff', String(ULTRASONIC_CUTOFF_HZ)] : [];
}
