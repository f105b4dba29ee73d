/** SPEC §7: the provider returns to origin + /payment-success with these three parameters. */
export function paymentSuccessPath(paymentIntent: string, clientSecret: string): string {
  const params = new URLSearchParams({
    payment_intent: paymentIntent,
    payment_intent_client_secret: clientSecret,
    redirect_status: 'succeeded',
  });
  return `/payment-success?${params.toString()}`;
}

export const paymentReturnUrl = () => `${window.location.origin}/payment-success`;
