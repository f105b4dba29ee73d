import { describe, expect, it } from 'vitest';
import { shortTransactionId } from './payment-texts';

describe('shortTransactionId', () => {
  it('shows the first 8 characters of the payment intent and an ellipsis (SPEC §9)', () => {
    expect(shortTransactionId('pi_3Nabcdefghijkl')).toBe('pi_3Nabc…');
    expect(shortTransactionId('pi_1')).toBe('pi_1…');
  });
});
