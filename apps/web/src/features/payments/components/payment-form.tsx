import type { CreatePaymentIntentResponse } from '@tonemark/shared';
import { type PaymentOutcome, SandboxCardForm } from './sandbox-card-form';
import { StripePaymentForm } from './stripe-payment-form';

/**
 * The card form of the provider the server chose for this intent: Stripe's when it gave a
 * publishable key, else the sandbox's. Stripe reports success by redirecting, so only the sandbox
 * form calls `onSucceeded`.
 */
export function PaymentForm({
  intent: { provider, publishableKey, clientSecret },
  payLabel,
  onSucceeded,
  onFailed,
}: {
  intent: CreatePaymentIntentResponse;
  payLabel: string;
  onSucceeded: (outcome: PaymentOutcome) => void;
  onFailed: (message: string) => void;
}) {
  if (provider === 'stripe' && publishableKey) {
    return (
      <StripePaymentForm
        publishableKey={publishableKey}
        clientSecret={clientSecret}
        payLabel={payLabel}
        onFailed={onFailed}
      />
    );
  }
  return (
    <SandboxCardForm
      clientSecret={clientSecret}
      payLabel={payLabel}
      onSucceeded={onSucceeded}
      onFailed={onFailed}
    />
  );
}
