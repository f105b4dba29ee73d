/** One frame of an elementary audio stream (MP3 or ADTS AAC): its length and the samples it holds. */
export interface AudioFrame {
  bytes: number;
  samples: number;
  sampleRate: number;
}

// Three headers in a row at the lengths they announce: a 12-bit sync pattern turns up in ID3 art
// and in other junk, three chained ones do not.
const CHAINED_FRAMES = 3;

/**
 * The average bitrate (kb/s) of the frames read by `frameAt` from the first synchronised frame to
 * the end of `bytes`: exact for a constant bitrate (padding included), the mean over what was read
 * for a variable one. Undefined when no chain of frames is found.
 */
export function walkFramesKbps(
  bytes: Uint8Array,
  from: number,
  frameAt: (bytes: Uint8Array, at: number) => AudioFrame | undefined,
): number | undefined {
  const start = firstChain(bytes, from, frameAt);
  if (start === undefined) return undefined;
  let totalBytes = 0;
  let seconds = 0;
  let at = start;
  for (let frame = frameAt(bytes, at); frame !== undefined && at + frame.bytes <= bytes.length; ) {
    totalBytes += frame.bytes;
    seconds += frame.samples / frame.sampleRate;
    at += frame.bytes;
    frame = frameAt(bytes, at);
  }
  return seconds > 0 ? (totalBytes * 8) / seconds / 1000 : undefined;
}

function firstChain(
  bytes: Uint8Array,
  from: number,
  frameAt: (bytes: Uint8Array, at: number) => AudioFrame | undefined,
): number | undefined {
  for (let at = from; at + 4 <= bytes.length; at++) {
    let next = at;
    let chained = 0;
    while (chained < CHAINED_FRAMES) {
      const frame = frameAt(bytes, next);
      if (frame === undefined) break;
      next += frame.bytes;
      chained++;
    }
    if (chained === CHAINED_FRAMES) return at;
  }
  return undefined;
}
