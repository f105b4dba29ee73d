import { MediaError } from './media-error.ts';
import { lastErrorLine, runToolForText } from './run-tool.ts';

export interface TestMediaOptions {
  seconds: number;
  /** Adds a small lavfi testsrc video stream (MPEG-4 Part 2: built into every ffmpeg). */
  video?: boolean;
  toneHz?: number;
  sampleRate?: number;
  channels?: number;
  /** Output audio codec/bitrate; default: the container's usual one. */
  audioArgs?: readonly string[];
}

/**
 * Makes a small synthetic media file with ffmpeg's lavfi sources, for tests of the media
 * pipeline (the CLI's and the server's) without shipping binary fixtures.
 */
export async function makeTestMedia(path: string, opts: TestMediaOptions): Promise<void> {
  const rate = opts.sampleRate ?? 44_100;
  const tone = opts.toneHz ?? 330;
  const args = ['-hide_banner', '-loglevel', 'error', '-y'];
  if (opts.video === true)
    args.push('-f', 'lavfi', '-i', `testsrc=size=160x120:rate=10:duration=${opts.seconds}`);
  args.push('-f', 'lavfi', '-i', `sine=frequency=${tone}:sample_rate=${rate}:duration=${opts.seconds}`);
  if (opts.video === true) args.push('-c:v', 'mpeg4', '-q:v', '5');
  args.push('-ac', String(opts.channels ?? 1));
  if (opts.audioArgs !== undefined) args.push(...opts.audioArgs);
  args.push(path);
  const { code, stderr } = await runToolForText('ffmpeg', args);
  if (code !== 0) throw new MediaError('tool-failed', `could not make ${path}: ${lastErrorLine(stderr)}`);
}

/** MD5 of every video packet, in order: equal digests mean the video was copied bit for bit. */
export async function videoPacketsMd5(path: string): Promise<string> {
  const { code, stdout, stderr } = await runToolForText('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-i',
    path,
    '-map',
    '0:v',
    '-c',
    'copy',
    '-f',
    'md5',
    '-',
  ]);
  if (code !== 0) throw new MediaError('tool-failed', `could not hash ${path}: ${lastErrorLine(stderr)}`);
  return stdout.trim();
}
