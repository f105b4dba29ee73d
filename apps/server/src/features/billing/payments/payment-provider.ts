import type { PaymentProviderName } from '@tonemark/shared';

export interface CreateIntentRequest {
  amountCents: number;
  currency: 'usd';
  /** Stored on the intent so the provider's events can be traced back (userId, subscriptionId). */
  metadata: Record<string, string>;
  /** The same key returns the same intent when a request is retried. */
  idempotencyKey: string;
}

export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

/**
 * One card provider (DESIGN §2). Payments succeed or fail only through signed events delivered to
 * the webhook handler, whichever provider is used: the sandbox signs its own, Stripe signs its.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** What the browser initialises the provider's card form with; null for the sandbox. */
  readonly publishableKey: string | null;
  /** Secret that signs the events this provider delivers (Stripe-Signature scheme). */
  readonly webhookSecret: string;
  createPaymentIntent(request: CreateIntentRequest): Promise<CreatedIntent>;
  /**
   * Stripe: a plan is a Stripe Subscription that Stripe bills and renews; its first invoice's
   * PaymentIntent is what checkout confirms. Absent (sandbox): one PaymentIntent per period.
   */
  startSubscription?(request: StartSubscriptionRequest): Promise<StartedSubscription>;
  /** Stripe: cancel at period end (true) or resume (false) on Stripe's own subscription. */
  setCancelAtPeriodEnd?(providerSubscriptionId: string, cancel: boolean): Promise<void>;
  /** Stripe: cancel at once (the account is being deleted: nothing may be charged again). */
  cancelSubscriptionNow?(providerSubscriptionId: string): Promise<void>;
}

export interface StartSubscriptionRequest {
  customer: { id: string | null; email: string; name: string; userId: number };
  plan: { id: string; name: string; priceCents: number; period: 'monthly' | 'yearly' };
  /** Ours (sub_…), stored on Stripe's objects so their events can be traced back. */
  subscriptionId: string;
  idempotencyKey: string;
}

export interface StartedSubscription {
  customerId: string;
  providerSubscriptionId: string;
  intent: CreatedIntent;
}

/** 'pi_123_secret_abc' -> 'pi_123' (Stripe's client secret format, which the sandbox copies). */
export function intentIdFromClientSecret(clientSecret: string): string | null {
  const index = clientSecret.indexOf('_secret_');
  return index > 0 ? clientSecret.slice(0, index) : null;
}
