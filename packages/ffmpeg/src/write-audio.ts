import { once } from 'node:events';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { audioEncoderForPath, chooseBitRate } from './audio-encoder.ts';
import { MediaError } from './media-error.ts';
import { interleave } from './pcm-chunks.ts';
import { lastErrorLine, startTool, type ToolProcess } from './run-tool.ts';

export type PcmSource =
  | { kind: 'planar'; channels: Float32Array[] }
  /** A headerless little-endian float32 file, interleaved, e.g. a benchmark cache. */
  | { kind: 'raw-f32le'; path: string; channels: number };

export interface WriteAudioOptions {
  output: string;
  sampleRate: number;
  pcm: PcmSource;
  /** Copy every video (and subtitle) stream of this file untouched into the output. */
  copyStreamsFrom?: string;
  /** Overrides the container's default encoder. */
  codec?: string;
  /** Target bitrate in bit/s for lossy codecs; default: the encoder's default. */
  bitRate?: number;
  /** Extra output options placed before the output path (e.g. ['-ar', '44100']). */
  extraOutputArgs?: readonly string[];
}

export interface WrittenAudio {
  output: string;
  codec: string;
  bitRate?: number;
}

// 64k frames per write keeps memory flat and lets the pipe apply back-pressure.
const FRAMES_PER_WRITE = 65_536;

async function feedPlanar(child: ToolProcess, channels: Float32Array[]): Promise<void> {
  const frames = channels[0]?.length ?? 0;
  for (let start = 0; start < frames; start += FRAMES_PER_WRITE) {
    const end = Math.min(frames, start + FRAMES_PER_WRITE);
    const chunk = interleave(channels, start, end);
    if (!child.stdin.write(new Uint8Array(chunk.buffer))) {
      // 'close' too: if ffmpeg dies mid-stream, 'drain' never comes.
      await Promise.race([once(child.stdin, 'drain'), once(child, 'close')]);
    }
    if (child.exitCode !== null) break;
  }
  child.stdin.end();
}

function buildArgs(opts: WriteAudioOptions, tmpOutput: string, codec: string, bitRate: number | undefined) {
  const channels = opts.pcm.kind === 'planar' ? opts.pcm.channels.length : opts.pcm.channels;
  const args = ['-hide_banner', '-loglevel', 'error', '-y'];
  const copying = opts.copyStreamsFrom !== undefined;
  if (copying) args.push('-i', opts.copyStreamsFrom as string);
  args.push('-f', 'f32le', '-ar', String(opts.sampleRate), '-ac', String(channels));
  args.push('-i', opts.pcm.kind === 'planar' ? 'pipe:0' : opts.pcm.path);
  if (copying) {
    // Only the first audio stream is replaced; video and subtitles are copied packet for packet.
    args.push('-map', '0:v?', '-map', '0:s?', '-map', '1:a', '-map_metadata', '0');
    args.push('-c:v', 'copy', '-c:s', 'copy');
  } else {
    args.push('-map', '0:a');
  }
  args.push('-c:a', codec);
  if (bitRate !== undefined) args.push('-b:a', String(bitRate));
  if (opts.extraOutputArgs !== undefined) args.push(...opts.extraOutputArgs);
  args.push(tmpOutput);
  return args;
}

/**
 * Encodes PCM into a media file with the container's usual audio codec, optionally copying the
 * video of an existing file. Writes to a temporary name first so a failure leaves no partial file.
 */
export async function writeAudio(opts: WriteAudioOptions): Promise<WrittenAudio> {
  const output = resolve(opts.output);
  if (opts.copyStreamsFrom !== undefined && resolve(opts.copyStreamsFrom) === output) {
    throw new MediaError('unsupported', `output ${opts.output} would overwrite its own input`);
  }
  const choice = audioEncoderForPath(output);
  const codec = opts.codec ?? choice.codec;
  const bitRate = opts.bitRate ?? chooseBitRate(choice, undefined);
  // Keep the extension last: ffmpeg picks the muxer from it.
  const ext = extname(output);
  const tmpOutput = join(dirname(output), `.${basename(output, ext)}.partial-${process.pid}${ext}`);

  const { child, done } = startTool('ffmpeg', buildArgs(opts, tmpOutput, codec, bitRate));
  if (opts.pcm.kind === 'planar') await feedPlanar(child, opts.pcm.channels);
  else child.stdin.end();
  const { code, stderr } = await done;
  if (code !== 0) {
    await rm(tmpOutput, { force: true });
    throw new MediaError('tool-failed', `ffmpeg could not write ${opts.output} (${lastErrorLine(stderr)})`);
  }
  await rename(tmpOutput, output);
  return bitRate === undefined ? { output, codec } : { output, codec, bitRate };
}
