import { describe, expect, it } from 'vitest';
import { CLEAR_OWN_SLOT_DB, mustWaitForPrefixRival, slotsOutsideRival } from './field-shifted-prefix.ts';

describe('slotsOutsideRival', () => {
  it('names the candidate slots before a rival started later and after one started earlier', () => {
    expect(slotsOutsideRival(4, 4, 1)).toEqual([0]);
    expect(slotsOutsideRival(4, 4, 2)).toEqual([0, 1]);
    expect(slotsOutsideRival(4, 4, -1)).toEqual([3]);
    expect(slotsOutsideRival(4, 4, 0)).toEqual([]);
  });
});

describe('mustWaitForPrefixRival', () => {
  it('waits when an own slot reads under the clear bar, not when every own slot is clear', () => {
    expect(mustWaitForPrefixRival([6])).toBe(true);
    expect(mustWaitForPrefixRival([CLEAR_OWN_SLOT_DB + 3, CLEAR_OWN_SLOT_DB - 0.5])).toBe(true);
    expect(mustWaitForPrefixRival([CLEAR_OWN_SLOT_DB + 3])).toBe(false);
    expect(mustWaitForPrefixRival([])).toBe(false);
  });
});
