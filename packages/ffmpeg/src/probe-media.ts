import { access } from 'node:fs/promises';
import { MediaError } from './media-error.ts';
import { lastErrorLine, runToolForText } from './run-tool.ts';

export type StreamKind = 'audio' | 'video' | 'subtitle' | 'data' | 'attachment' | 'unknown';

export interface MediaStreamInfo {
  index: number;
  kind: StreamKind;
  codec: string;
  sampleRate?: number;
  channels?: number;
  bitRate?: number;
  width?: number;
  height?: number;
  /** ffprobe's layout name ("stereo", "5.1(side)"); absent when it names none. */
  channelLayout?: string;
  /** Cover art in MP3/M4A shows up as a one-frame video stream. */
  isAttachedPicture: boolean;
}

export interface MediaInfo {
  path: string;
  /** ffprobe's demuxer name list, e.g. "mov,mp4,m4a,3gp,3g2,mj2". */
  formatName: string;
  durationSec?: number;
  bitRate?: number;
  streams: MediaStreamInfo[];
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** ffprobe prints most numbers as strings ("44100", "128000", "N/A"). */
function numberField(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

function streamKind(codecType: unknown): StreamKind {
  switch (codecType) {
    case 'audio':
    case 'video':
    case 'subtitle':
    case 'data':
    case 'attachment':
      return codecType;
    default:
      return 'unknown';
  }
}

export function parseProbeJson(path: string, json: string): MediaInfo {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new MediaError('corrupt', `${path}: ffprobe returned unreadable output`);
  }
  const root = record(parsed);
  const format = record(root.format);
  const rawStreams = Array.isArray(root.streams) ? root.streams : [];
  const streams = rawStreams.map((raw, position): MediaStreamInfo => {
    const s = record(raw);
    const info: MediaStreamInfo = {
      index: typeof s.index === 'number' ? s.index : position,
      kind: streamKind(s.codec_type),
      codec: typeof s.codec_name === 'string' ? s.codec_name : 'unknown',
      isAttachedPicture: record(s.disposition).attached_pic === 1,
    };
    const optional = {
      sampleRate: numberField(s.sample_rate),
      channels: numberField(s.channels),
      bitRate: numberField(s.bit_rate),
      width: numberField(s.width),
      height: numberField(s.height),
    };
    for (const [key, value] of Object.entries(optional)) {
      if (value !== undefined) Object.assign(info, { [key]: value });
    }
    if (typeof s.channel_layout === 'string' && s.channel_layout !== '')
      info.channelLayout = s.channel_layout;
    return info;
  });
  const info: MediaInfo = {
    path,
    formatName: typeof format.format_name === 'string' ? format.format_name : 'unknown',
    streams,
  };
  const durationSec = numberField(format.duration);
  const bitRate = numberField(format.bit_rate);
  if (durationSec !== undefined) info.durationSec = durationSec;
  if (bitRate !== undefined) info.bitRate = bitRate;
  return info;
}

/** Throws MediaError('not-found') for a missing file, before any tool is started. */
export async function assertFileExists(path: string): Promise<void> {
  try {
    await access(path);
  } catch {
    throw new MediaError('not-found', `file not found: ${path}`);
  }
}

/** Reads a file's container and streams with ffprobe; throws MediaError for non-media input. */
export async function probeMedia(path: string): Promise<MediaInfo> {
  await assertFileExists(path);
  const { code, stdout, stderr } = await runToolForText('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    path,
  ]);
  if (code !== 0) {
    throw new MediaError('corrupt', `${path} is not a readable media file (${lastErrorLine(stderr)})`);
  }
  const info = parseProbeJson(path, stdout);
  if (info.streams.length === 0) {
    throw new MediaError('corrupt', `${path} is not a readable media file (no streams found)`);
  }
  return info;
}

/** The first real audio stream (cover art and data streams never count). */
export function firstAudioStream(info: MediaInfo): MediaStreamInfo {
  const audio = info.streams.find((s) => s.kind === 'audio');
  if (audio === undefined) throw new MediaError('no-audio', `${info.path} has no audio stream`);
  return audio;
}
