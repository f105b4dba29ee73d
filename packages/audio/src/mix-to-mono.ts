import type { AudioBuffer32 } from './types.ts';

/**
 * Averages the channels. An average (not a sum) keeps the result within [-1, 1] whenever the
 * inputs are, and channels of unequal length are treated as silent past their end.
 */
export function mixToMono(buf: AudioBuffer32): Float32Array {
  const { channels } = buf;
  const first = channels[0];
  if (!first) return new Float32Array(0);
  if (channels.length === 1) return Float32Array.from(first);
  const length = Math.max(...channels.map((c) => c.length));
  const out = new Float32Array(length);
  for (const channel of channels) {
    for (let i = 0; i < channel.length; i++) out[i] = (out[i] ?? 0) + (channel[i] ?? 0);
  }
  const scale = 1 / channels.length;
  for (let i = 0; i < length; i++) out[i] = (out[i] ?? 0) * scale;
  return out;
}
