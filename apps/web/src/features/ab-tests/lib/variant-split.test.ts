import type { AbTest } from '@tonemark/shared';
import { describe, expect, it } from 'vitest';
import { variantSplit } from './variant-split';

const variant = (trafficAllocation: number) => ({ trafficAllocation }) as AbTest['variants'][number];

describe('variantSplit', () => {
  it('counts the variants and lists their shares in order', () => {
    expect(variantSplit([variant(60), variant(40)])).toBe('2 variants (60 % / 40 %)');
    expect(variantSplit([variant(34), variant(33), variant(33)])).toBe('3 variants (34 % / 33 % / 33 %)');
  });
});
