import { describe, expect, it } from 'vitest';
import { evenSplit, newDraft, withVariant } from './variant-drafts';

describe('variant drafts', () => {
  it('splits evenly and always adds up to 100', () => {
    for (let n = 2; n <= 5; n++) expect(evenSplit(n).reduce((a, b) => a + b, 0)).toBe(100);
    expect(evenSplit(3)).toEqual([34, 33, 33]);
  });

  it('adds variants up to five, re-splitting the traffic', () => {
    let drafts = [newDraft(0, undefined), newDraft(1, undefined)];
    for (let i = 0; i < 5; i++) drafts = withVariant(drafts, undefined);
    expect(drafts).toHaveLength(5);
    expect(drafts.map((d) => d.trafficAllocation)).toEqual([20, 20, 20, 20, 20]);
    expect(drafts[0]?.name).toBe('Control');
    expect(drafts[4]?.name).toBe('Variant E');
  });
});
