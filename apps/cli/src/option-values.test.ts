import { describe, expect, it } from 'vitest';
import { oneLine } from './cli-error.ts';
import { parseFrequencies, parsePosition } from './option-values.ts';

describe('parseFrequencies', () => {
  it('reads a comma list with spaces', () => {
    expect(parseFrequencies('1000, 1200,1500 ,1800')).toEqual([1000, 1200, 1500, 1800]);
  });
  it('rejects empty items', () => {
    expect(() => parseFrequencies('1000,,1200')).toThrow(/is not a number/);
  });
});

describe('parsePosition', () => {
  it('takes seconds or a percentage of the duration', () => {
    expect(parsePosition('12.5')).toEqual({ seconds: 12.5 });
    expect(parsePosition('40%')).toEqual({ fraction: 0.4 });
  });
  it('rejects negative and non-numeric positions', () => {
    expect(() => parsePosition('-1')).toThrow(/outside/);
    expect(() => parsePosition('soon')).toThrow(/not a number/);
    expect(() => parsePosition('120%')).toThrow(/outside/);
  });
});

describe('oneLine', () => {
  it('joins lines and masks control bytes', () => {
    expect(oneLine('a\n  b\u0000c')).toBe('a b?c');
  });
});
