import type { Signal } from '@tonemark/audio';

// DESIGN §4: MP3 and AAC encoders low-pass around 16-17 kHz below this rate, cutting the
// 17.5-20 kHz band that ultrasonic and combined triggers use.
export const MIN_ULTRASONIC_LOSSY_BITRATE = 192_000;
const LOWPASS_CODECS = new Set(['libmp3lame', 'mp3', 'aac']);

/** The warning to print, or undefined when the combination is safe. */
export function lossyUltrasonicWarning(
  signal: Signal,
  codec: string,
  bitRate: number | undefined,
): string | undefined {
  if (signal === 'audible' || !LOWPASS_CODECS.has(codec)) return undefined;
  if (bitRate !== undefined && bitRate >= MIN_ULTRASONIC_LOSSY_BITRATE) return undefined;
  const rate = bitRate === undefined ? 'an unknown bitrate' : `${Math.round(bitRate / 1000)} kb/s`;
  const name = codec === 'aac' ? 'AAC' : 'MP3';
  return `warning: ${signal} trigger encoded as ${name} at ${rate}; below 192 kb/s the encoder may cut the 17.5-20 kHz tones, so listeners may not detect it`;
}
