/**
 * Hands out exact-length pieces of an async stream of chunks, so a programme can take "the next
 * 45 s of speech" regardless of how the decoder chunked it.
 */
export class PullSource {
  private buffered: Float32Array[] = [];
  private bufferedLength = 0;
  private done = false;
  private readonly iterator: AsyncIterator<Float32Array>;

  constructor(chunks: AsyncIterable<Float32Array>) {
    this.iterator = chunks[Symbol.asyncIterator]();
  }

  /** Exactly `n` samples, or fewer only when the source has run dry. */
  async take(n: number): Promise<Float32Array> {
    while (this.bufferedLength < n && !this.done) {
      const next = await this.iterator.next();
      if (next.done === true) this.done = true;
      else {
        this.buffered.push(next.value);
        this.bufferedLength += next.value.length;
      }
    }
    const out = new Float32Array(Math.min(n, this.bufferedLength));
    let at = 0;
    while (at < out.length) {
      const head = this.buffered[0] as Float32Array;
      const take = Math.min(head.length, out.length - at);
      out.set(head.subarray(0, take), at);
      at += take;
      if (take === head.length) this.buffered.shift();
      else this.buffered[0] = head.subarray(take);
    }
    this.bufferedLength -= out.length;
    return out;
  }

  /** Stops the underlying stream (closes its file) when the rest is not needed. */
  async close(): Promise<void> {
    this.done = true;
    await this.iterator.return?.();
  }
}
