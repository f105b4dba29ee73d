// The checkout and payment-success screens' words (SPEC §2.17, §8).

export const CHECKOUT_TEXTS = {
  setupError: 'Payment Setup Error',
  paymentError: 'Payment Error',
  notInitialized: 'Stripe has not been properly initialized.',
  failedTitle: 'Payment Failed',
  unknownError: 'An unknown error occurred.',
  successTitle: 'Payment Successful',
  successText: 'Thank you for your purchase!',
  sandboxLabel: 'Sandbox — no real charges',
} as const;

export const PAYMENT_SUCCESS_TEXTS = {
  title: 'Payment Successful!',
  subtitle: 'Your transaction has been completed successfully',
  body: 'Thank you for your purchase. Your account has been updated with the new features and limits.',
  defaultStatus: 'Completed',
} as const;

/** SPEC §9: a transaction id shows 8 characters. */
const TRANSACTION_ID_CHARS = 8;

/** SPEC §2.17: the first 8 characters of the payment intent plus an ellipsis. */
export function shortTransactionId(paymentIntent: string): string {
  return `${paymentIntent.slice(0, TRANSACTION_ID_CHARS)}…`;
}
