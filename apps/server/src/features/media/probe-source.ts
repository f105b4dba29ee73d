import path from 'node:path';
import { MediaError, type MediaInfo, probeMedia, sourceAudioBitRate } from '@tonemark/ffmpeg';
import { MEDIA_MESSAGES, type MediaFileType } from '@tonemark/shared';
import { AppError } from '../../plugins/app-error.ts';

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

// docs/decisions/security-hardening.md: checked on the probe, before any ffmpeg work starts.
/** Real audio is sampled between telephone and studio rates; a header outside them is a lie. */
export const AUDIO_RATE_RANGE = { min: 4_000, max: 384_000 } as const;
export const MAX_AUDIO_CHANNELS = 16;

/** Refuses audio whose header names an impossible rate or channel count (a 1 Hz WAV). */
function assertSaneAudio(audio: ProbedMedia['audio']): void {
  if (!audio) return;
  if (audio.sampleRate < AUDIO_RATE_RANGE.min || audio.sampleRate > AUDIO_RATE_RANGE.max) {
    throw new AppError(
      'MEDIA_UNSUPPORTED',
      `The audio's sample rate (${audio.sampleRate} Hz) is not supported: ${AUDIO_RATE_RANGE.min.toLocaleString('en-US')} to ${AUDIO_RATE_RANGE.max.toLocaleString('en-US')} Hz are`,
    );
  }
  if (audio.channels > MAX_AUDIO_CHANNELS) {
    throw new AppError(
      'MEDIA_UNSUPPORTED',
      `The audio has ${audio.channels} channels: at most ${MAX_AUDIO_CHANNELS} are supported`,
    );
  }
}

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

function layoutName(channels: number, probed: string | undefined): string {
  if (probed !== undefined && /^[a-z0-9.()_+-]+$/i.test(probed)) return probed;
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
 * The audio's bitrate (bit/s) as ffprobe reports it: the stream's own, or an audio-only file's
 * container figure (a video's container figure counts the picture too). What the lossy-codec
 * warnings judge a file by, before and at an embed.
 */
export function probedAudioBitRate(probed: ProbedMedia): number | undefined {
  return probed.audio === undefined ? undefined : sourceAudioBitRate(probed.info);
}

/** What a file is, read with @tonemark/ffmpeg's probeMedia: a missing file is this server's fault. */
async function readInfo(file: string): Promise<MediaInfo> {
  try {
    return await probeMedia(file);
  } catch (error) {
    if (error instanceof MediaError && error.code === 'corrupt') throw notMedia();
    throw error;
  }
}

/**
 * Decides what a file is by probing it (SPEC §5: audio and video only). Pictures, text and
 * anything ffprobe cannot read are refused with a 400 that says what is accepted.
 */
export async function probeSource(file: string, filename?: string): Promise<ProbedMedia> {
  const info = await readInfo(file);
  const audioStream = info.streams.find((s) => s.kind === 'audio');
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
          layout: layoutName(channels, audioStream.channelLayout),
        }
      : undefined;
  assertSaneAudio(audio);
  return {
    info,
    fileType,
    extension: chooseExtension(info, fileType, filename),
    durationSec,
    audio,
    videoCodec: video?.codec,
  };
}

/** Probes a file; the media context carries it so a test can count the probes of a request. */
export type ProbeSource = typeof probeSource;
