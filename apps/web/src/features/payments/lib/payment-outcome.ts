/** What /payment-success shows, from the payment's status (Stripe's PaymentIntent statuses). */
export type PaymentOutcomeView = 'succeeded' | 'processing' | 'failed' | 'action' | 'none' | 'unknown';

/**
 * The server's status wins when it is known; else the redirect_status the provider put in the
 * address (Stripe: succeeded, processing, failed, requires_payment_method...). Only 'succeeded'
 * is a success (issue 14: `redirect_status=failed` was shown as 'Payment Successful!').
 */
export function paymentOutcomeView(status: string | null | undefined): PaymentOutcomeView {
  switch (status) {
    case undefined:
    case null:
    case '':
      return 'none';
    case 'succeeded':
      return 'succeeded';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'failed':
    case 'canceled':
    case 'requires_payment_method':
      return 'failed';
    case 'requires_action':
    case 'requires_confirmation':
      return 'action';
    default:
      return 'unknown';
  }
}
