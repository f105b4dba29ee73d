import {
  WAVE_FORMAT_EXTENSIBLE,
  WAVE_FORMAT_IEEE_FLOAT,
  WAVE_FORMAT_PCM,
  type WavEncoding,
} from './wav-format.ts';

export interface WriteWavOptions {
  encoding?: WavEncoding;
  /** Write a WAVE_FORMAT_EXTENSIBLE header (what some tools emit for >2 channels or >16 bits). */
  extensible?: boolean;
}

const BITS: Record<WavEncoding, number> = { pcm8: 8, pcm16: 16, pcm24: 24, pcm32: 32, float32: 32 };

/**
 * Encodes planar (or mono) samples as a canonical WAV. Integer encodings clip to [-1, 1] and scale
 * by 2^(bits-1) (clamped to the positive maximum), which makes readWav followed by writeWav return
 * the original integer samples exactly.
 */
export function writeWav(
  samples: Float32Array | Float32Array[],
  sampleRate: number,
  options: WriteWavOptions = {},
): Uint8Array {
  const channels = Array.isArray(samples) ? samples : [samples];
  if (channels.length === 0) throw new RangeError('writeWav needs at least one channel');
  const encoding = options.encoding ?? 'pcm16';
  const bits = BITS[encoding];
  const bytesPerSample = bits / 8;
  const frames = Math.min(...channels.map((c) => c.length));
  const blockAlign = bytesPerSample * channels.length;
  const dataSize = frames * blockAlign;
  const fmtSize = options.extensible ? 40 : 16;
  const headerSize = 12 + 8 + fmtSize + 8;
  const bytes = new Uint8Array(headerSize + dataSize + (dataSize % 2));
  const view = new DataView(bytes.buffer);
  const tag = encoding === 'float32' ? WAVE_FORMAT_IEEE_FLOAT : WAVE_FORMAT_PCM;

  writeFourCC(view, 0, 'RIFF');
  view.setUint32(4, bytes.byteLength - 8, true);
  writeFourCC(view, 8, 'WAVE');
  writeFourCC(view, 12, 'fmt ');
  view.setUint32(16, fmtSize, true);
  view.setUint16(20, options.extensible ? WAVE_FORMAT_EXTENSIBLE : tag, true);
  view.setUint16(22, channels.length, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, bits, true);
  if (options.extensible) {
    view.setUint16(36, 22, true); // cbSize
    view.setUint16(38, bits, true); // valid bits
    view.setUint32(40, 0, true); // channel mask: unspecified
    // SubFormat GUID: the format tag followed by the fixed KSDATAFORMAT suffix.
    const guidTail = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71];
    view.setUint16(44, tag, true);
    guidTail.forEach((b, i) => {
      view.setUint8(46 + i, b);
    });
  }
  writeFourCC(view, headerSize - 8, 'data');
  view.setUint32(headerSize - 4, dataSize, true);

  const write = sampleWriter(encoding);
  let pos = headerSize;
  for (let i = 0; i < frames; i++) {
    for (const channel of channels) {
      write(view, pos, channel[i] ?? 0);
      pos += bytesPerSample;
    }
  }
  return bytes;
}

/** SPEC §9 export format: 16-bit PCM WAV, samples clipped to [-1, 1]. */
export function writeWav16(samples: Float32Array | Float32Array[], sampleRate: number): Uint8Array {
  return writeWav(samples, sampleRate, { encoding: 'pcm16' });
}

function quantize(x: number, bits: number): number {
  const full = 2 ** (bits - 1);
  const clipped = Number.isFinite(x) ? Math.max(-1, Math.min(1, x)) : 0;
  return Math.max(-full, Math.min(full - 1, Math.round(clipped * full)));
}

function sampleWriter(encoding: WavEncoding): (view: DataView, at: number, x: number) => void {
  switch (encoding) {
    case 'pcm8':
      return (v, at, x) => v.setUint8(at, quantize(x, 8) + 128);
    case 'pcm16':
      return (v, at, x) => v.setInt16(at, quantize(x, 16), true);
    case 'pcm24':
      return (v, at, x) => {
        const q = quantize(x, 24);
        v.setUint8(at, q & 0xff);
        v.setUint8(at + 1, (q >> 8) & 0xff);
        v.setInt8(at + 2, q >> 16);
      };
    case 'pcm32':
      return (v, at, x) => v.setInt32(at, quantize(x, 32), true);
    case 'float32':
      return (v, at, x) => v.setFloat32(at, Number.isFinite(x) ? x : 0, true);
  }
}

function writeFourCC(view: DataView, at: number, id: string): void {
  for (let i = 0; i < 4; i++) view.setUint8(at + i, id.charCodeAt(i));
}
