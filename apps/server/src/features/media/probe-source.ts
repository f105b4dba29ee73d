import path from 'node:path';
import { lastErrorLine, type MediaInfo, parseProbeJson, runToolForText } from '@tonemark/ffmpeg';
import { MEDIA_MESSAGES, type MediaFileType } from '@tonemark/shared';
import { AppError } from '../../plugins/app-error.ts';
import { assertSaneAudio } from './media-limits.ts';

export interface ProbedMedia {
  info: MediaInfo;
  fileType: MediaFileType;
  /** Extension (with dot) for storing this file, from the probed container, never the file name. */
  extension: string;
  durationSec: number;
  audio: { channels: number; sampleRate: number; layout: string } | undefined;
  /** A real video stream (cover art does not count). */
  videoCodec: string | undefined;
}

export const notMedia = () => new AppError('NOT_MEDIA', MEDIA_MESSAGES.notMedia);

// Containers ffprobe reads that are pictures or text, not audio or video.
const NOT_MEDIA_FORMATS = new Set([
  'image2',
  'gif',
  'apng',
  'tty',
  'webp',
  'svg',
  'lrc',
  'srt',
  'webvtt',
  'ass',
]);
const WEBM_CODECS = new Set(['vp8', 'vp9', 'av1', 'opus', 'vorbis']);
const MP4_FAMILY = ['.mp4', '.m4a', '.m4v', '.mov'];

function layoutName(channels: number, probed: unknown): string {
  if (typeof probed === 'string' && /^[a-z0-9.()_+-]+$/i.test(probed)) return probed;
  if (channels === 1) return 'mono';
  if (channels === 2) return 'stereo';
  return `${channels}c`;
}

function chooseExtension(info: MediaInfo, fileType: MediaFileType, filename: string | undefined): string {
  const format = info.formatName;
  const claimed = path.extname(filename ?? '').toLowerCase();
  const codecs = info.streams.filter((s) => !s.isAttachedPicture).map((s) => s.codec);
  if (format === 'mp3') return '.mp3';
  if (format === 'wav') return '.wav';
  if (format === 'flac') return '.flac';
  if (format === 'aac') return '.aac';
  if (format === 'ogg') return '.ogg';
  if (format.startsWith('mov,mp4')) {
    if (MP4_FAMILY.includes(claimed) && !(fileType === 'video' && claimed === '.m4a')) return claimed;
    return fileType === 'video' ? '.mp4' : '.m4a';
  }
  if (format.startsWith('matroska')) return codecs.every((c) => WEBM_CODECS.has(c)) ? '.webm' : '.mkv';
  return OTHER_CONTAINERS[format.split(',')[0] ?? ''] ?? '.bin';
}

// Stored as uploaded (the extension names the bytes); derived files go to a playable container.
const OTHER_CONTAINERS: Record<string, string> = {
  avi: '.avi',
  mpegts: '.ts',
  flv: '.flv',
  asf: '.asf',
  aiff: '.aiff',
  amr: '.amr',
  mpeg: '.mpg',
  wv: '.wv',
};
const WRITABLE = new Set([
  '.mp3',
  '.wav',
  '.flac',
  '.aac',
  '.ogg',
  '.mp4',
  '.m4a',
  '.m4v',
  '.mov',
  '.webm',
  '.mkv',
]);

/** The container of files made from this one: the same where ffmpeg writes it well, else MP4/M4A or MKV. */
export function outputExtension(probed: ProbedMedia): string {
  if (WRITABLE.has(probed.extension)) return probed.extension;
  if (probed.fileType === 'audio') return '.m4a';
  return ['h264', 'hevc', 'mpeg4', 'av1'].includes(probed.videoCodec ?? '') ? '.mp4' : '.mkv';
}

/**
 * Decides what a file is by probing it (SPEC §5: audio and video only). Pictures, text and
 * anything ffprobe cannot read are refused with a 400 that says what is accepted.
 */
export async function probeSource(file: string, filename?: string): Promise<ProbedMedia> {
  const { code, stdout, stderr } = await runToolForText('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    file,
  ]);
  if (code !== 0) {
    if (/No such file|ENOENT/.test(stderr)) throw new Error(`probe: ${lastErrorLine(stderr)}`);
    throw notMedia();
  }
  const info = parseProbeJson(file, stdout);
  const raw = JSON.parse(stdout) as { streams?: { codec_type?: string; channel_layout?: unknown }[] };
  const audioIndex = info.streams.findIndex((s) => s.kind === 'audio');
  const audioStream = info.streams[audioIndex];
  const video = info.streams.find((s) => s.kind === 'video' && !s.isAttachedPicture);
  const format = info.formatName;
  const durationSec = info.durationSec ?? 0;
  if (
    NOT_MEDIA_FORMATS.has(format) ||
    format.endsWith('_pipe') ||
    (audioStream === undefined && video === undefined) ||
    !(durationSec > 0.05)
  ) {
    throw notMedia();
  }
  const fileType: MediaFileType = video ? 'video' : 'audio';
  const channels = audioStream?.channels ?? 0;
  const audio =
    audioStream && channels > 0 && audioStream.sampleRate
      ? {
          channels,
          sampleRate: audioStream.sampleRate,
          layout: layoutName(channels, raw.streams?.[audioIndex]?.channel_layout),
        }
      : undefined;
  const probed: ProbedMedia = {
    info,
    fileType,
    extension: chooseExtension(info, fileType, filename),
    durationSec,
    audio,
    videoCodec: video?.codec,
  };
  assertSaneAudio(probed);
  return probed;
}
