/**
 * Cuts a stream of arbitrary chunks into fixed-size blocks, as an AudioWorklet (128) or a
 * ScriptProcessor-style capture (1024) would deliver them to the detector.
 */
export async function* fixedBlocks(
  chunks: AsyncIterable<Float32Array>,
  size: number,
): AsyncGenerator<Float32Array> {
  let pending = new Float32Array(size);
  let filled = 0;
  for await (const chunk of chunks) {
    let at = 0;
    while (at < chunk.length) {
      const take = Math.min(size - filled, chunk.length - at);
      pending.set(chunk.subarray(at, at + take), filled);
      filled += take;
      at += take;
      if (filled === size) {
        yield pending;
        pending = new Float32Array(size);
        filled = 0;
      }
    }
  }
  if (filled > 0) yield pending.subarray(0, filled);
}
