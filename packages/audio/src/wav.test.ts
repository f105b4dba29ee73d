import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type WavEncoding, WavFormatError } from './wav-format.ts';
import { readWav } from './wav-read.ts';
import { writeWav, writeWav16 } from './wav-write.ts';

const STEP: Record<WavEncoding, number> = {
  pcm8: 1 / 128,
  pcm16: 1 / 32768,
  pcm24: 1 / 8388608,
  pcm32: 2 ** -31,
  float32: 0,
};

const channelsArb = fc
  .record({ channels: fc.integer({ min: 1, max: 6 }), frames: fc.integer({ min: 0, max: 300 }) })
  .chain(({ channels, frames }) =>
    fc.array(
      fc.float32Array({
        minLength: frames,
        maxLength: frames,
        noNaN: true,
        noDefaultInfinity: true,
        min: -1,
        max: 1,
      }),
      {
        minLength: channels,
        maxLength: channels,
      },
    ),
  );
const rateArb = fc.integer({ min: 1, max: 384_000 });

describe('WAV round trip', () => {
  for (const encoding of Object.keys(STEP) as WavEncoding[]) {
    for (const extensible of [false, true]) {
      it(`${encoding}${extensible ? ' (WAVE_FORMAT_EXTENSIBLE)' : ''} keeps rate, channels and samples within one quantisation step`, () => {
        fc.assert(
          fc.property(channelsArb, rateArb, (channels, rate) => {
            const decoded = readWav(writeWav(channels, rate, { encoding, extensible }));
            expect(decoded.sampleRate).toBe(rate);
            expect(decoded.channels).toHaveLength(channels.length);
            channels.forEach((original, c) => {
              const got = decoded.channels[c] ?? new Float32Array();
              expect(got.length).toBe(original.length);
              for (let i = 0; i < original.length; i++) {
                expect(Math.abs((got[i] ?? 0) - (original[i] ?? 0))).toBeLessThanOrEqual(
                  STEP[encoding] + 1e-7,
                );
              }
            });
          }),
          { numRuns: 25 },
        );
      });
    }
  }

  it('re-encoding decoded 16-bit PCM gives back the same bytes', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -32768, max: 32767 }), { maxLength: 200 }), (ints) => {
        const samples = Float32Array.from(ints, (v) => v / 32768);
        const bytes = writeWav16(samples, 44_100);
        expect(writeWav16(readWav(bytes).channels, 44_100)).toEqual(bytes);
      }),
    );
  });

  it('writeWav16 clips to [-1, 1] and writes canonical 16-bit headers', () => {
    const bytes = writeWav16(Float32Array.from([2, -3, 0.5, Number.NaN]), 48_000);
    const view = new DataView(bytes.buffer);
    expect(bytes.byteLength).toBe(44 + 8);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(34, true)).toBe(16);
    expect([0, 1, 2, 3].map((i) => view.getInt16(44 + 2 * i, true))).toEqual([32767, -32768, 16384, 0]);
  });
});

describe('readWav on real-world layouts', () => {
  it('skips unknown and odd-sized chunks and reads a stereo 16-bit file', () => {
    const base = writeWav16([Float32Array.from([0.5, -0.5]), Float32Array.from([0.25, -0.25])], 22_050);
    // Insert a 3-byte LIST chunk (padded to 4) between fmt and data.
    const extra = Uint8Array.from([0x4c, 0x49, 0x53, 0x54, 3, 0, 0, 0, 1, 2, 3, 0]);
    const bytes = new Uint8Array(base.length + extra.length);
    bytes.set(base.subarray(0, 36));
    bytes.set(extra, 36);
    bytes.set(base.subarray(36), 36 + extra.length);
    const wav = readWav(bytes);
    expect(wav.sampleRate).toBe(22_050);
    expect(Array.from(wav.channels[0] ?? [])).toEqual([0.5, -0.5]);
    expect(Array.from(wav.channels[1] ?? [])).toEqual([0.25, -0.25]);
  });

  it('reads a streamed file whose data size says 0xFFFFFFFF, up to the last whole frame', () => {
    const bytes = writeWav16(Float32Array.from([0.1, 0.2, 0.3]), 8000);
    new DataView(bytes.buffer).setUint32(40, 0xffffffff, true);
    const truncated = bytes.subarray(0, bytes.length - 1);
    expect(readWav(truncated).channels[0]?.length).toBe(2);
  });

  it('reads 64-bit float and turns non-finite samples into 0', () => {
    const bytes = writeWav(Float32Array.from([0.5, 0.25]), 8000, { encoding: 'float32' });
    new DataView(bytes.buffer).setFloat32(44, Number.NaN, true);
    expect(Array.from(readWav(bytes).channels[0] ?? [])).toEqual([0, 0.25]);
  });

  it.each([
    ['an empty input', new Uint8Array(0), /shorter than a RIFF header/],
    ['an MP3', Uint8Array.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, 0, 0]), /missing RIFF header/],
    [
      'a RIFF that is not WAVE',
      Uint8Array.from([...'RIFF\0\0\0\0AVI '].map((c) => c.charCodeAt(0))),
      /not WAVE/,
    ],
  ])('rejects %s with a one-line WavFormatError', (_name, bytes, message) => {
    expect(() => readWav(bytes)).toThrow(WavFormatError);
    expect(() => readWav(bytes)).toThrow(message);
  });

  it('names unsupported encodings and missing chunks', () => {
    const alaw = writeWav16(Float32Array.from([0]), 8000);
    new DataView(alaw.buffer).setUint16(20, 6, true);
    expect(() => readWav(alaw)).toThrow('unsupported WAV encoding 0x0006 (supported: PCM and IEEE float)');
    const twelveBit = writeWav16(Float32Array.from([0]), 8000);
    new DataView(twelveBit.buffer).setUint16(34, 12, true);
    expect(() => readWav(twelveBit)).toThrow('unsupported WAV: 12-bit PCM');
    const noData = writeWav16(Float32Array.from([0]), 8000).subarray(0, 36);
    expect(() => readWav(noData)).toThrow('invalid WAV: no data chunk');
    for (const bad of [alaw, noData]) {
      try {
        readWav(bad);
      } catch (error) {
        expect(String((error as Error).message)).not.toContain('\n');
      }
    }
  });
});
