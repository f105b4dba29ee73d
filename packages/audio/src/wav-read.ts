import type { AudioBuffer32 } from './types.ts';
import {
  WAVE_FORMAT_EXTENSIBLE,
  WAVE_FORMAT_IEEE_FLOAT,
  WAVE_FORMAT_PCM,
  WavFormatError,
} from './wav-format.ts';

interface FmtChunk {
  format: number;
  channels: number;
  sampleRate: number;
  blockAlign: number;
  bitsPerSample: number;
}

/**
 * Decodes a RIFF/WAVE file: 8-bit unsigned, 16/24/32-bit signed PCM, 32/64-bit float, plain or
 * WAVE_FORMAT_EXTENSIBLE, any channel count and rate. A data chunk whose declared size runs past
 * the end (streamed files, e.g. ffmpeg writing to a pipe, leave 0 or 0xFFFFFFFF there) is read up
 * to the last whole frame rather than rejected. Non-finite float samples become 0 so one bad sample
 * cannot poison a detector's running state.
 */
export function readWav(bytes: Uint8Array): AudioBuffer32 {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 12)
    throw new WavFormatError('not a WAV file: shorter than a RIFF header (12 bytes)');
  const riff = fourCC(view, 0);
  if (riff === 'RIFX') throw new WavFormatError('unsupported WAV: big-endian RIFX files are not supported');
  if (riff !== 'RIFF' && riff !== 'RF64') throw new WavFormatError('not a WAV file: missing RIFF header');
  if (fourCC(view, 8) !== 'WAVE') throw new WavFormatError('not a WAV file: RIFF type is not WAVE');

  let fmt: FmtChunk | undefined;
  let offset = 12;
  while (offset + 8 <= bytes.byteLength) {
    const id = fourCC(view, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      fmt = parseFmt(view, body, size);
    } else if (id === 'data') {
      if (!fmt) throw new WavFormatError('invalid WAV: data chunk comes before the fmt chunk');
      const available = bytes.byteLength - body;
      const dataSize = size === 0 || size > available ? available : size;
      return decodeSamples(view, body, dataSize, fmt);
    }
    offset = body + size + (size % 2);
  }
  throw new WavFormatError(fmt ? 'invalid WAV: no data chunk' : 'invalid WAV: no fmt chunk');
}

function fourCC(view: DataView, at: number): string {
  return String.fromCharCode(
    view.getUint8(at),
    view.getUint8(at + 1),
    view.getUint8(at + 2),
    view.getUint8(at + 3),
  );
}

function parseFmt(view: DataView, at: number, size: number): FmtChunk {
  if (size < 16 || at + 16 > view.byteLength) throw new WavFormatError('invalid WAV: fmt chunk is too short');
  let format = view.getUint16(at, true);
  const channels = view.getUint16(at + 2, true);
  const sampleRate = view.getUint32(at + 4, true);
  const blockAlign = view.getUint16(at + 12, true);
  const bitsPerSample = view.getUint16(at + 14, true);
  if (format === WAVE_FORMAT_EXTENSIBLE) {
    // The real encoding is the first two bytes of the SubFormat GUID, 24 bytes into the fmt body.
    if (size < 40 || at + 26 > view.byteLength) {
      throw new WavFormatError('invalid WAV: WAVE_FORMAT_EXTENSIBLE fmt chunk is too short');
    }
    format = view.getUint16(at + 24, true);
  }
  if (channels === 0) throw new WavFormatError('invalid WAV: 0 channels');
  if (sampleRate === 0) throw new WavFormatError('invalid WAV: sample rate 0');
  return { format, channels, sampleRate, blockAlign, bitsPerSample };
}

type SampleReader = (view: DataView, at: number) => number;

function sampleReader(fmt: FmtChunk): SampleReader {
  const { format, bitsPerSample: bits } = fmt;
  if (format === WAVE_FORMAT_PCM) {
    if (bits === 8) return (v, at) => (v.getUint8(at) - 128) / 128;
    if (bits === 16) return (v, at) => v.getInt16(at, true) / 32768;
    if (bits === 24)
      return (v, at) => (v.getUint8(at) | (v.getUint8(at + 1) << 8) | (v.getInt8(at + 2) << 16)) / 8388608;
    if (bits === 32) return (v, at) => v.getInt32(at, true) / 2147483648;
    throw new WavFormatError(`unsupported WAV: ${bits}-bit PCM (supported: 8, 16, 24, 32)`);
  }
  if (format === WAVE_FORMAT_IEEE_FLOAT) {
    const finite = (x: number): number => (Number.isFinite(x) ? x : 0);
    if (bits === 32) return (v, at) => finite(v.getFloat32(at, true));
    if (bits === 64) return (v, at) => finite(v.getFloat64(at, true));
    throw new WavFormatError(`unsupported WAV: ${bits}-bit float (supported: 32, 64)`);
  }
  const hex = format.toString(16).padStart(4, '0');
  throw new WavFormatError(`unsupported WAV encoding 0x${hex} (supported: PCM and IEEE float)`);
}

function decodeSamples(view: DataView, at: number, size: number, fmt: FmtChunk): AudioBuffer32 {
  const read = sampleReader(fmt);
  const bytesPerSample = fmt.bitsPerSample / 8;
  const frameBytes = Math.max(fmt.blockAlign, bytesPerSample * fmt.channels);
  const frames = Math.floor(size / frameBytes);
  const channels: Float32Array[] = [];
  for (let c = 0; c < fmt.channels; c++) {
    const samples = new Float32Array(frames);
    let pos = at + c * bytesPerSample;
    for (let i = 0; i < frames; i++, pos += frameBytes) samples[i] = read(view, pos);
    channels.push(samples);
  }
  return { sampleRate: fmt.sampleRate, channels };
}
