import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry } from './card-format';

describe('card input formatting', () => {
  it('groups card digits by four and drops anything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 00')).toBe('4000 0000 00');
  });
  it('writes the expiry as MM / YY', () => {
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('1')).toBe('1');
  });
});
