/**
 * Turns a byte stream of interleaved little-endian float32 samples into planar Float32Arrays.
 * Pipe chunks are cut anywhere, so a partial frame is carried over to the next chunk.
 */
export class InterleavedF32Reader {
  private carry: Uint8Array = new Uint8Array(0);
  private readonly frameBytes: number;

  constructor(private readonly channels: number) {
    if (!Number.isInteger(channels) || channels < 1) throw new RangeError(`bad channel count ${channels}`);
    this.frameBytes = 4 * channels;
  }

  /** Returns one Float32Array per channel (possibly empty) for the whole frames seen so far. */
  push(chunk: Uint8Array): Float32Array[] {
    const bytes = this.carry.length === 0 ? chunk : concat(this.carry, chunk);
    const frames = Math.floor(bytes.length / this.frameBytes);
    const usable = frames * this.frameBytes;
    // Explicit copies: a Node Buffer's slice() is a view into a shared (pooled) ArrayBuffer, so
    // its .buffer holds other data and may start at any offset.
    this.carry = copyBytes(bytes, usable, bytes.length);
    const interleaved = new Float32Array(copyBytes(bytes, 0, usable).buffer);
    if (this.channels === 1) return [interleaved];
    return deinterleave(interleaved, this.channels);
  }

  /** Bytes left over that never made a whole frame (non-zero means the stream was truncated). */
  get pendingBytes(): number {
    return this.carry.length;
  }
}

function copyBytes(bytes: Uint8Array, start: number, end: number): Uint8Array {
  const out = new Uint8Array(end - start);
  out.set(bytes.subarray(start, end));
  return out;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

export function deinterleave(interleaved: Float32Array, channels: number): Float32Array[] {
  const frames = Math.floor(interleaved.length / channels);
  const planes = Array.from({ length: channels }, () => new Float32Array(frames));
  for (let c = 0; c < channels; c++) {
    const plane = planes[c] as Float32Array;
    for (let i = 0, j = c; i < frames; i++, j += channels) plane[i] = interleaved[j] as number;
  }
  return planes;
}

export function interleave(planes: readonly Float32Array[], start: number, end: number): Float32Array {
  const channels = planes.length;
  const out = new Float32Array((end - start) * channels);
  for (let c = 0; c < channels; c++) {
    const plane = planes[c] as Float32Array;
    for (let i = start, j = c; i < end; i++, j += channels) out[j] = plane[i] as number;
  }
  return out;
}

/** Joins chunks of one channel into a single array (used when a caller wants the whole file). */
export function joinChunks(chunks: readonly Float32Array[]): Float32Array {
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const out = new Float32Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
