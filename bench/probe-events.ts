import type { Detection } from '@tonemark/audio';

/**
 * Plays `chunks` through `detectors` in 512-sample blocks and hands each event to `read` once its
 * pattern and 0.3 s more are held, before the lanes' ring forgets it (the room probes read events
 * at their played timing). Returns every detection with the second it came out.
 */
export async function playAndReadEvents<E extends { endSample: number }>(
  chunks: AsyncIterable<Float32Array>,
  detectors: readonly { push(block: Float32Array): Detection[] }[],
  events: readonly E[],
  from: number,
  rate: number,
  read: (e: E) => void,
): Promise<{ id: string; sec: number }[]> {
  const fired: { id: string; sec: number }[] = [];
  let done = 0;
  let at = 0;
  for await (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i += 512) {
      const n = Math.min(512, chunk.length - i);
      for (const detector of detectors)
        for (const d of detector.push(chunk.subarray(i, i + n)))
          fired.push({ id: String(d.triggerId), sec: (from + at + n) / rate });
      at += n;
      while (done < events.length) {
        const e = events[done];
        if (!e || from + at < e.endSample + 0.3 * rate) break;
        done++;
        read(e);
      }
    }
  }
  return fired;
}
