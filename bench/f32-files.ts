import { createReadStream } from 'node:fs';
import { type FileHandle, open, stat } from 'node:fs/promises';
import { InterleavedF32Reader } from '@tonemark/ffmpeg';

/**
 * The corpus cache is headerless mono float32 little-endian ("f32le"): ffmpeg reads it with
 * `-f f32le` and Node streams it without parsing, which matters for hours of audio.
 */
export async function* readF32(
  path: string,
  opts: { startSample?: number; maxSamples?: number } = {},
): AsyncGenerator<Float32Array> {
  const start = (opts.startSample ?? 0) * 4;
  const end = opts.maxSamples === undefined ? undefined : start + opts.maxSamples * 4 - 1;
  if (end !== undefined && end < start) return;
  const reader = new InterleavedF32Reader(1);
  const stream = createReadStream(path, {
    start,
    ...(end === undefined ? {} : { end }),
    highWaterMark: 1 << 20,
  });
  for await (const chunk of stream) {
    const [plane] = reader.push(chunk as Buffer);
    if (plane !== undefined && plane.length > 0) yield plane;
  }
}

export async function f32SampleCount(path: string): Promise<number> {
  return Math.floor((await stat(path)).size / 4);
}

export async function readF32Range(path: string, startSample: number, length: number): Promise<Float32Array> {
  const out = new Float32Array(length);
  let at = 0;
  for await (const chunk of readF32(path, { startSample, maxSamples: length })) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

export class F32Writer {
  private constructor(
    private readonly handle: FileHandle,
    private written = 0,
  ) {}

  static async create(path: string): Promise<F32Writer> {
    return new F32Writer(await open(path, 'w'));
  }

  get samplesWritten(): number {
    return this.written;
  }

  async write(samples: Float32Array): Promise<void> {
    await this.handle.write(new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength));
    this.written += samples.length;
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}
