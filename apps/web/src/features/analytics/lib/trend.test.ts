import { describe, expect, it } from 'vitest';
import { isTrendGood } from './trend';

describe('isTrendGood', () => {
  it('calls a falling battery impact good and every other metric good when it rises', () => {
    expect(isTrendGood('batteryImpact', -2)).toBe(true);
    expect(isTrendGood('batteryImpact', 2)).toBe(false);
    expect(isTrendGood('activations', 2)).toBe(true);
    expect(isTrendGood('activations', -2)).toBe(false);
    expect(isTrendGood('activations', 0)).toBe(false);
  });
});
