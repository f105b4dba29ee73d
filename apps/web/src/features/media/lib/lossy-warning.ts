import { type LossyCodec, MIN_SURVIVING_KBPS } from '@tonemark/audio';
import type { TriggerSignal } from '@tonemark/shared';
import { TRIGGER_SIGNAL_INFO } from '@/lib/trigger-signal-info';

// The codec a file of this kind is (re-)encoded with: the server keeps the source's container and
// codec, and a platform re-encoding it does the same.
const CODEC_BY_EXTENSION: Record<string, LossyCodec> = {
  mp3: 'mp3',
  aac: 'aac',
  m4a: 'aac',
  mp4: 'aac',
  m4v: 'aac',
  mov: 'aac',
  webm: 'opus',
  opus: 'opus',
  ogg: 'opus',
};
const CODEC_BY_MIME: Record<string, LossyCodec> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/aac': 'aac',
  'audio/mp4': 'aac',
  'audio/x-m4a': 'aac',
  'video/mp4': 'aac',
  'video/quicktime': 'aac',
  'audio/webm': 'opus',
  'video/webm': 'opus',
  'audio/ogg': 'opus',
  'audio/opus': 'opus',
};
const CODEC_NAMES: Record<LossyCodec, string> = { mp3: 'MP3', aac: 'AAC', opus: 'Opus' };
/** The lowest bitrate bench/codec-table.ts measures; the browser cannot see a file's own bitrate. */
const LOWEST_MEASURED_KBPS = 96;

function extensionOf(name: string): string {
  const clean = name.split(/[?#]/)[0] ?? '';
  const dot = clean.lastIndexOf('.');
  return dot >= 0 ? clean.slice(dot + 1).toLowerCase() : '';
}

/** The lossy codec a file will carry, from its MIME type or else its name; undefined for WAV/FLAC. */
export function lossyCodecOfMedia(media: { name?: string; type?: string }): LossyCodec | undefined {
  const byType = media.type === undefined ? undefined : CODEC_BY_MIME[media.type.toLowerCase()];
  return byType ?? (media.name === undefined ? undefined : CODEC_BY_EXTENSION[extensionOf(media.name)]);
}

/**
 * Warns before a trigger goes into a file whose codec erases its signal, by the measured codec
 * table (packages/audio codec-survival.ts, docs/audio-benchmark.md): ultrasonic in MP3 at any
 * bitrate and in AAC below 256 kb/s, streaming in MP3 below 128 kb/s. The browser cannot see the
 * bitrate, so a signal warns unless it survives the lowest one measured; the server's answer adds
 * the exact figure. Where some bitrate keeps the signal, the advice is that bitrate.
 */
export function lossyCodecWarning(
  signal: TriggerSignal | undefined,
  media: { name?: string; type?: string },
): string | null {
  if (signal === undefined) return null;
  const codec = lossyCodecOfMedia(media);
  if (codec === undefined) return null;
  const min = MIN_SURVIVING_KBPS[signal][codec];
  if (min !== undefined && min <= LOWEST_MEASURED_KBPS) return null;
  const info = TRIGGER_SIGNAL_INFO[signal];
  const name = CODEC_NAMES[codec];
  const keeps =
    min === undefined
      ? `${name} encodes do not keep them reliably at any bitrate we measured (up to 256 kb/s)`
      : `${name} keeps them only at ${min} kb/s or more`;
  const instead =
    min !== undefined
      ? `Use WAV, or encode at ${min} kb/s or more.`
      : 'Use WAV, or a Streaming trigger for media that will be streamed.';
  return `This trigger uses ${info.label.toLowerCase()} tones (${info.band}): ${keeps}, and a platform that re-encodes the file will too, so listeners may not detect it. ${instead}`;
}
