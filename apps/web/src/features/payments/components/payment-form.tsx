import type { CreatePaymentIntentResponse } from '@tonemark/shared';
import { SandboxCardForm, type SandboxCardFormProps } from './sandbox-card-form';
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
}: Omit<SandboxCardFormProps, 'clientSecret'> & {
  intent: CreatePaymentIntentResponse;
}) {
  // What both forms take; Stripe's adds its key, the sandbox's its success callback.
  const common = { clientSecret, payLabel, onFailed };
  if (provider === 'stripe' && publishableKey)
    return <StripePaymentForm publishableKey={publishableKey} {...common} />;
  return <SandboxCardForm onSucceeded={onSucceeded} {...common} />;
}
