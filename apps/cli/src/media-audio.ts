import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { mixToMono, readWav, resample } from '@tonemark/audio';
import {
  assertFileExists,
  decodeAudio,
  decodeAudioChunks,
  firstAudioStream,
  type MediaInfo,
  probeMedia,
} from '@tonemark/ffmpeg';

export interface PlanarAudio {
  sampleRate: number;
  channels: Float32Array[];
  /** Present when the file went through ffprobe (everything but plain WAV). */
  info?: MediaInfo;
}

/** Both detectors take 44.1 or 48 kHz; anything else is resampled to 48 kHz. */
export function detectorRateFor(sourceRate: number): 44_100 | 48_000 {
  return sourceRate === 44_100 ? 44_100 : 48_000;
}

async function tryReadWav(path: string): Promise<PlanarAudio | undefined> {
  if (extname(path).toLowerCase() !== '.wav') return undefined;
  await assertFileExists(path);
  try {
    const wav = readWav(new Uint8Array(await readFile(path)));
    return { sampleRate: wav.sampleRate, channels: wav.channels };
  } catch {
    // WAV variants the engine does not parse (mu-law, ADPCM, ...) still decode through ffmpeg,
    // and a truly broken file then gets ffprobe's diagnosis.
    return undefined;
  }
}

/** Every channel of a media file's first audio stream at its own rate. WAV needs no ffmpeg. */
export async function readPlanarAudio(path: string): Promise<PlanarAudio> {
  const wav = await tryReadWav(path);
  if (wav !== undefined) return wav;
  const info = await probeMedia(path);
  firstAudioStream(info);
  const decoded = await decodeAudio(path, { layout: 'planar' });
  return { ...decoded, info };
}

export interface MonoStream {
  sampleRate: number;
  chunks: AsyncIterable<Float32Array>;
}

async function* single(samples: Float32Array): AsyncGenerator<Float32Array> {
  yield samples;
}

async function* firstPlane(source: AsyncIterable<Float32Array[]>): AsyncGenerator<Float32Array> {
  for await (const planes of source) {
    const plane = planes[0];
    if (plane !== undefined) yield plane;
  }
}

/**
 * A media file's audio as mono chunks at a detector rate. Non-WAV media stream from ffmpeg, so a
 * long file is analysed without being held in memory.
 */
export async function openMonoStream(path: string): Promise<MonoStream> {
  const wav = await tryReadWav(path);
  if (wav !== undefined) {
    const mono = mixToMono(wav);
    const rate = detectorRateFor(wav.sampleRate);
    const samples = rate === wav.sampleRate ? mono : resample(mono, wav.sampleRate, rate);
    return { sampleRate: rate, chunks: single(samples) };
  }
  const info = await probeMedia(path);
  const audio = firstAudioStream(info);
  const rate = detectorRateFor(audio.sampleRate ?? 48_000);
  return {
    sampleRate: rate,
    chunks: firstPlane(decodeAudioChunks(path, { layout: 'mono', sampleRate: rate })),
  };
}
