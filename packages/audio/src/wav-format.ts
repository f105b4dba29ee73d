/** WAVE format tags and the sample encodings this engine reads and writes. */

export const WAVE_FORMAT_PCM = 0x0001;
export const WAVE_FORMAT_IEEE_FLOAT = 0x0003;
export const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

export type WavEncoding = 'pcm8' | 'pcm16' | 'pcm24' | 'pcm32' | 'float32';

/** Thrown by readWav on input it cannot decode; the message is one line, fit to show a user. */
export class WavFormatError extends Error {
  override name = 'WavFormatError';
}
