import { MediaError } from './media-error.ts';
import { InterleavedF32Reader, joinChunks } from './pcm-chunks.ts';
import { assertFileExists, firstAudioStream, probeMedia } from './probe-media.ts';
import { lastErrorLine, startTool } from './run-tool.ts';

export interface DecodeOptions {
  /** Output rate; default: the stream's own rate. */
  sampleRate?: number;
  /** 'mono' downmixes with ffmpeg's standard matrix; 'planar' keeps every channel. */
  layout: 'mono' | 'planar';
  /** Force an input format for headerless files (e.g. 'g722', 'f32le'). */
  inputFormat?: string;
  /** Extra input options placed before -i (e.g. ['-ar', '44100', '-ac', '1'] for raw PCM). */
  inputArgs?: readonly string[];
  /** Audio filter graph applied before conversion (ffmpeg -af). */
  filter?: string;
}

export interface DecodedAudio {
  sampleRate: number;
  channels: Float32Array[];
}

interface ResolvedFormat {
  sampleRate: number;
  channels: number;
}

async function resolveFormat(path: string, opts: DecodeOptions): Promise<ResolvedFormat> {
  // Raw inputs and an explicit mono request need no probe, which saves a process per file.
  if (opts.layout === 'mono' && opts.sampleRate !== undefined) {
    await assertFileExists(path);
    return { sampleRate: opts.sampleRate, channels: 1 };
  }
  const info = await probeMedia(path);
  const audio = firstAudioStream(info);
  const sampleRate = opts.sampleRate ?? audio.sampleRate;
  if (sampleRate === undefined) throw new MediaError('corrupt', `${path}: audio stream has no sample rate`);
  return { sampleRate, channels: opts.layout === 'mono' ? 1 : (audio.channels ?? 1) };
}

function decodeArgs(path: string, opts: DecodeOptions, format: ResolvedFormat): string[] {
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error'];
  if (opts.inputFormat !== undefined) args.push('-f', opts.inputFormat);
  if (opts.inputArgs !== undefined) args.push(...opts.inputArgs);
  args.push('-i', path, '-map', '0:a:0', '-vn', '-sn', '-dn');
  if (opts.filter !== undefined) args.push('-af', opts.filter);
  args.push('-ac', String(format.channels), '-ar', String(format.sampleRate));
  args.push('-c:a', 'pcm_f32le', '-f', 'f32le', 'pipe:1');
  return args;
}

/**
 * Decodes the first audio stream of any media file to float32 PCM, yielding planar chunks as
 * ffmpeg produces them, so an hour of audio never has to sit in memory at once.
 */
export async function* decodeAudioChunks(
  path: string,
  opts: DecodeOptions,
): AsyncGenerator<Float32Array[], void, undefined> {
  yield* decodeResolved(path, opts, await resolveFormat(path, opts));
}

async function* decodeResolved(
  path: string,
  opts: DecodeOptions,
  format: ResolvedFormat,
): AsyncGenerator<Float32Array[], void, undefined> {
  const { child, done, kill } = startTool('ffmpeg', decodeArgs(path, opts, format));
  child.stdin.end();
  const reader = new InterleavedF32Reader(format.channels);
  let finished = false;
  try {
    for await (const chunk of child.stdout) {
      const planes = reader.push(chunk as Buffer);
      if ((planes[0]?.length ?? 0) > 0) yield planes;
    }
    finished = true;
  } finally {
    // The consumer stopped early (break/throw): do not leave ffmpeg running.
    if (!finished) kill();
  }
  const { code, stderr } = await done;
  if (code !== 0) {
    if (/matches no streams/.test(stderr)) throw new MediaError('no-audio', `${path} has no audio stream`);
    throw new MediaError('corrupt', `${path}: audio could not be decoded (${lastErrorLine(stderr)})`);
  }
  if (reader.pendingBytes !== 0) throw new MediaError('tool-failed', `${path}: ffmpeg output was truncated`);
}

/** Decodes the whole audio track; returns the rate actually used. */
export async function decodeAudio(path: string, opts: DecodeOptions): Promise<DecodedAudio> {
  const format = await resolveFormat(path, opts);
  const perChannel: Float32Array[][] = Array.from({ length: format.channels }, () => []);
  for await (const planes of decodeResolved(path, opts, format)) {
    planes.forEach((plane, c) => {
      perChannel[c]?.push(plane);
    });
  }
  return { sampleRate: format.sampleRate, channels: perChannel.map(joinChunks) };
}
