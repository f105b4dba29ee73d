import { describe, expect, it } from 'vitest';
import { fixedBlocks } from './fixed-blocks.ts';

describe('fixedBlocks', () => {
  it('re-chunks into fixed blocks plus a final partial one', async () => {
    async function* chunks() {
      // Samples numbered 0..13, so the test also sees order and that no block is reused.
      yield Float32Array.from({ length: 5 }, (_, i) => i);
      yield Float32Array.from({ length: 9 }, (_, i) => i + 5);
    }
    const sizes: number[] = [];
    const values: number[] = [];
    for await (const b of fixedBlocks(chunks(), 4)) {
      sizes.push(b.length);
      values.push(...b);
    }
    expect(sizes).toEqual([4, 4, 4, 2]);
    expect(values).toEqual(Array.from({ length: 14 }, (_, i) => i));
  });
});
