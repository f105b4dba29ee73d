import type { TriggerSignal } from '@tonemark/shared';

// Lossy codecs that low-pass below the 17.5–20 kHz band ultrasonic tones use (DESIGN §4).
const LOSSY_EXTENSIONS = ['mp3', 'aac', 'm4a', 'mp4', 'm4v', 'mov'];
const LOSSY_MIME = [
  'audio/mpeg',
  'audio/mp3',
  'audio/aac',
  'audio/mp4',
  'audio/x-m4a',
  'video/mp4',
  'video/quicktime',
];

// Measured (issue 9, docs/audio-benchmark.md): stereo MP3 and AAC encodes with the encoder's
// defaults lose the 17.5-20 kHz tones up to 192 kb/s; only 256 kb/s keeps them.
export const ULTRASONIC_LOSSY_WARNING =
  'This trigger uses ultrasonic tones (17.5–20 kHz). MP3 and AAC encodes cut them below 256 kbps, and a platform that re-encodes the file will too, so listeners may not detect it. Use WAV, or an audible or combined trigger for streamed media.';

function extensionOf(name: string): string {
  const clean = name.split(/[?#]/)[0] ?? '';
  const dot = clean.lastIndexOf('.');
  return dot >= 0 ? clean.slice(dot + 1).toLowerCase() : '';
}

/**
 * DESIGN §4: warn before an ultrasonic or combined trigger goes into MP3/AAC. The browser cannot
 * see the bitrate, so any file that looks MP3/AAC gets the warning; the server adds its own.
 */
export function ultrasonicLossyWarning(
  signal: TriggerSignal | undefined,
  media: { name?: string; type?: string },
): string | null {
  if (signal !== 'ultrasonic' && signal !== 'combined') return null;
  const byType = media.type !== undefined && LOSSY_MIME.includes(media.type.toLowerCase());
  const byName = media.name !== undefined && LOSSY_EXTENSIONS.includes(extensionOf(media.name));
  return byType || byName ? ULTRASONIC_LOSSY_WARNING : null;
}
