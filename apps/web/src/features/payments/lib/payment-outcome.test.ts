import { describe, expect, it } from 'vitest';
import { paymentOutcomeView } from './payment-outcome';

describe('paymentOutcomeView', () => {
  it('calls only a succeeded payment a success', () => {
    expect(paymentOutcomeView('succeeded')).toBe('succeeded');
    for (const status of ['failed', 'requires_payment_method', 'canceled']) {
      expect(paymentOutcomeView(status)).toBe('failed');
    }
    expect(paymentOutcomeView('processing')).toBe('processing');
    expect(paymentOutcomeView('requires_action')).toBe('action');
    expect(paymentOutcomeView('made-up')).toBe('unknown');
    expect(paymentOutcomeView(null)).toBe('none');
  });
});
