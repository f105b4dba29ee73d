import { extname } from 'node:path';
import { audioEncoderForPath, chooseBitRate, ultrasonicBandArgs } from './audio-encoder.ts';
import { firstAudioStream, type MediaInfo, probeMedia } from './probe-media.ts';
import { type WrittenAudio, writeAudio } from './write-audio.ts';

export interface ReplaceAudioOptions {
  input: string;
  output: string;
  /** One array per channel, at `sampleRate`. */
  channels: Float32Array[];
  sampleRate: number;
  /** Pass the probe result when the caller already has it. */
  info?: MediaInfo;
  /** The PCM carries an ultrasonic trigger: stop MP3/AAC encoders from low-passing it away. */
  keepUltrasonic?: boolean;
}

/** The source audio bitrate: the stream's own, or for audio-only files the container's. */
export function sourceAudioBitRate(info: MediaInfo): number | undefined {
  const audio = firstAudioStream(info);
  if (audio.bitRate !== undefined) return audio.bitRate;
  const onlyAudio = info.streams.every((s) => s.kind === 'audio' || s.isAttachedPicture);
  return onlyAudio ? info.bitRate : undefined;
}

export interface AudioPlan {
  codec: string;
  bitRate?: number;
  lossy: boolean;
}

/**
 * The codec and bitrate a replacement will use: the output container's usual codec, at the
 * source's bitrate when the container is unchanged (else the codec's default).
 */
export function planReplacementAudio(info: MediaInfo | undefined, input: string, output: string): AudioPlan {
  const choice = audioEncoderForPath(output);
  const sameContainer = extname(input).toLowerCase() === extname(output).toLowerCase();
  const source = sameContainer && info !== undefined ? sourceAudioBitRate(info) : undefined;
  const bitRate = chooseBitRate(choice, source);
  return bitRate === undefined
    ? { codec: choice.codec, lossy: choice.lossy }
    : { codec: choice.codec, bitRate, lossy: choice.lossy };
}

/**
 * Replaces a media file's audio with new PCM, copying the video streams bit for bit and keeping
 * the original audio bitrate where it is known.
 */
export async function replaceAudio(opts: ReplaceAudioOptions): Promise<WrittenAudio> {
  const info = opts.info ?? (await probeMedia(opts.input));
  const { codec, bitRate } = planReplacementAudio(info, opts.input, opts.output);
  const written = await writeAudio({
    output: opts.output,
    sampleRate: opts.sampleRate,
    pcm: { kind: 'planar', channels: opts.channels },
    copyStreamsFrom: opts.input,
    codec,
    ...(bitRate === undefined ? {} : { bitRate }),
    extraOutputArgs: [
      // Keep the source rate: some encoders (libopus) would otherwise pick their own.
      ...(codec === 'libopus' ? [] : ['-ar', String(opts.sampleRate)]),
      ...(opts.keepUltrasonic ? ultrasonicBandArgs(codec) : []),
    ],
  });
  return written;
}
