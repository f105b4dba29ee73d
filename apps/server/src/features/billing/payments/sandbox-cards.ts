// Stripe's documented test cards (https://docs.stripe.com/testing), as the offline sandbox answers them.

export type CardOutcome =
  | { ok: true }
  | { ok: false; declineCode: string; message: string; field: 'number' | 'expiry' | 'cvc' };

const SUCCEEDING = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '378282246310005',
  '6011111111111117',
]);

const DECLINES: Record<string, Exclude<CardOutcome, { ok: true }>> = {
  '4000000000000002': {
    ok: false,
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
    field: 'number',
  },
  '4000000000009995': {
    ok: false,
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
    field: 'number',
  },
  '4000000000009987': {
    ok: false,
    declineCode: 'lost_card',
    message: 'Your card was declined.',
    field: 'number',
  },
  '4000000000000069': {
    ok: false,
    declineCode: 'expired_card',
    message: 'Your card has expired.',
    field: 'expiry',
  },
  '4000000000000127': {
    ok: false,
    declineCode: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
    field: 'cvc',
  },
};

/** The outcome for a valid (Luhn-checked) card number. Real card numbers are refused, as in test mode. */
export function sandboxCardOutcome(digits: string): CardOutcome {
  if (SUCCEEDING.has(digits)) return { ok: true };
  return (
    DECLINES[digits] ?? {
      ok: false,
      declineCode: 'test_mode_live_card',
      message: 'Your card was declined. The sandbox accepts only test cards such as 4242 4242 4242 4242.',
      field: 'number',
    }
  );
}
