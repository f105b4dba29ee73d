import { type LossyCodec, MIN_SURVIVING_KBPS, survivesCodec } from '@tonemark/audio';
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
/** The lowest bitrate bench/codec-table.ts measures: what a file whose bitrate is unknown is judged by. */
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

/** A stored file's probed bitrate (bit/s, null when unknown) in the kb/s the warning takes. */
export function kbpsOf(bitRate: number | null | undefined): number | undefined {
  return bitRate === null || bitRate === undefined ? undefined : Math.round(bitRate / 1000);
}

/** What a picked file's audio is, e.g. "MP3 128 kb/s", once its bitrate has been read. */
export function audioBitrateText(
  media: { name?: string; type?: string },
  kbps: number | undefined,
): string | undefined {
  const codec = lossyCodecOfMedia(media);
  return codec === undefined || kbps === undefined ? undefined : `${CODEC_NAMES[codec]} ${kbps} kb/s`;
}

/**
 * Warns before a trigger goes into a file whose codec erases its signal, by the measured codec
 * table (packages/audio codec-survival.ts, docs/audio-benchmark.md): ultrasonic in MP3 at any
 * bitrate and in AAC below 256 kb/s, streaming in MP3 below 128 kb/s. `kbps` is the file's own
 * bitrate where the browser could read it (bitrate/read-audio-bitrate.ts), judged as the server
 * judges it; without it (a URL, a file still being read, a format not read) a signal warns unless
 * it survives the lowest bitrate measured. Where some bitrate keeps the signal, the advice is that
 * bitrate.
 */
export function lossyCodecWarning(
  signal: TriggerSignal | undefined,
  media: { name?: string; type?: string },
  kbps?: number,
): string | null {
  if (signal === undefined) return null;
  const codec = lossyCodecOfMedia(media);
  if (codec === undefined) return null;
  const min = MIN_SURVIVING_KBPS[signal][codec];
  if (
    kbps !== undefined ? survivesCodec(signal, codec, kbps) : min !== undefined && min <= LOWEST_MEASURED_KBPS
  ) {
    return null;
  }
  const info = TRIGGER_SIGNAL_INFO[signal];
  const name = CODEC_NAMES[codec];
  const keeps =
    min === undefined
      ? `${name} encodes do not keep them reliably at any bitrate we measured (up to 256 kb/s)`
      : `${name} keeps them only at ${min} kb/s or more`;
  const risk =
    kbps === undefined
      ? 'and a platform that re-encodes the file will too'
      : `and this file's audio is ${name} at ${kbps} kb/s`;
  const instead =
    min !== undefined
      ? `Use WAV, or encode at ${min} kb/s or more.`
      : 'Use WAV, or a Streaming trigger for media that will be streamed.';
  return `This trigger uses ${info.label.toLowerCase()} tones (${info.band}): ${keeps}, ${risk}, so listeners may not detect it. ${instead}`;
}
