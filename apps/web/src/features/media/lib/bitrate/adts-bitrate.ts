import type { AudioFrame } from './frame-walk';
import { walkFramesKbps } from './frame-walk';

// ISO 14496-3 sampling frequency index.
const ADTS_RATES = [
  96_000, 88_200, 64_000, 48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 12_000, 11_025, 8_000, 7_350,
];

/** The ADTS frame (a raw .aac file's) whose header starts at `at`, if one does. */
export function adtsFrameAt(bytes: Uint8Array, at: number): AudioFrame | undefined {
  const b1 = bytes[at + 1] ?? 0;
  if (bytes[at] !== 0xff || (b1 & 0xf6) !== 0xf0 || at + 7 > bytes.length) return undefined;
  const sampleRate = ADTS_RATES[((bytes[at + 2] ?? 0) >> 2) & 0xf];
  const length =
    (((bytes[at + 3] ?? 0) & 3) << 11) | ((bytes[at + 4] ?? 0) << 3) | ((bytes[at + 5] ?? 0) >> 5);
  const headerBytes = (b1 & 1) === 1 ? 7 : 9;
  if (sampleRate === undefined || length <= headerBytes) return undefined;
  const blocks = ((bytes[at + 6] ?? 0) & 3) + 1;
  return { bytes: length, samples: 1024 * blocks, sampleRate };
}

/** The audio bitrate (kb/s) of a raw AAC (ADTS) file from its first bytes. */
export function adtsBitrateKbps(bytes: Uint8Array): number | undefined {
  return walkFramesKbps(bytes, 0, adtsFrameAt);
}
