import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deinterleave, InterleavedF32Reader, interleave, joinChunks } from './pcm-chunks.ts';

function bytesOf(samples: Float32Array): Uint8Array {
  return new Uint8Array(samples.buffer.slice(0));
}

describe('InterleavedF32Reader', () => {
  it('reassembles frames however the pipe cuts the bytes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.float({ noNaN: true }), { minLength: 0, maxLength: 60 }),
        fc.array(fc.integer({ min: 1, max: 17 }), { minLength: 1, maxLength: 20 }),
        (channels, values, cuts) => {
          const frames = Math.floor(values.length / channels);
          const interleaved = Float32Array.from(values.slice(0, frames * channels));
          const bytes = bytesOf(interleaved);
          const reader = new InterleavedF32Reader(channels);
          const got: Float32Array[][] = Array.from({ length: channels }, () => []);
          let at = 0;
          let cut = 0;
          while (at < bytes.length) {
            const size = cuts[cut++ % cuts.length] as number;
            reader.push(bytes.subarray(at, at + size)).forEach((plane, c) => {
              got[c]?.push(plane);
            });
            at += size;
          }
          expect(reader.pendingBytes).toBe(0);
          const expected = deinterleave(interleaved, channels);
          got.forEach((chunks, c) => {
            expect(Array.from(joinChunks(chunks))).toEqual(Array.from(expected[c] as Float32Array));
          });
        },
      ),
    );
  });

  it('reads Node Buffers that are views into a larger shared pool', () => {
    const pool = new ArrayBuffer(64);
    new Float32Array(pool).fill(Number.NaN);
    const view = Buffer.from(pool, 6, 8);
    new DataView(pool).setFloat32(6, 0.5, true);
    new DataView(pool).setFloat32(10, -0.25, true);
    const [plane] = new InterleavedF32Reader(1).push(view);
    expect(Array.from(plane ?? [])).toEqual([0.5, -0.25]);
  });

  it('reports a trailing partial frame', () => {
    const reader = new InterleavedF32Reader(2);
    reader.push(new Uint8Array(10));
    expect(reader.pendingBytes).toBe(2);
  });
});

describe('interleave', () => {
  it('is the inverse of deinterleave', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 50 }), (channels, frames) => {
        const planes = Array.from({ length: channels }, (_, c) =>
          Float32Array.from({ length: frames }, (_, i) => c * 1000 + i),
        );
        const back = deinterleave(interleave(planes, 0, frames), channels);
        expect(back.map((p) => Array.from(p))).toEqual(planes.map((p) => Array.from(p)));
      }),
    );
  });
});
