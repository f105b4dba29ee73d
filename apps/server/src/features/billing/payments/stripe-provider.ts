import { AppError } from '../../../plugins/app-error.ts';
import type {
  CreatedIntent,
  CreateIntentRequest,
  PaymentProvider,
  StartedSubscription,
  StartSubscriptionRequest,
} from './payment-provider.ts';

export const STRIPE_API_BASE = 'https://api.stripe.com';
/** Pinned so Stripe's answers keep the shape this code reads. */
export const STRIPE_API_VERSION = '2024-06-20';

type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface StripeRequest {
  url: string;
  init: RequestInit & { headers: Record<string, string>; body: string };
}

/** The PaymentIntents create call, form-encoded as Stripe's REST API expects (kept pure for tests). */
export function buildCreateIntentRequest(secretKey: string, request: CreateIntentRequest): StripeRequest {
  const form = new URLSearchParams();
  form.set('amount', String(request.amountCents));
  form.set('currency', request.currency);
  // The Payment Element shows whatever methods are enabled in the Stripe dashboard.
  form.set('automatic_payment_methods[enabled]', 'true');
  for (const [key, value] of Object.entries(request.metadata)) form.set(`metadata[${key}]`, value);
  return {
    url: `${STRIPE_API_BASE}/v1/payment_intents`,
    init: {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${secretKey}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        'Idempotency-Key': request.idempotencyKey,
        'Stripe-Version': STRIPE_API_VERSION,
      },
      body: form.toString(),
    },
  };
}

function readStripeError(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === 'object' && error !== null && 'message' in error) {
      const message = (error as { message: unknown }).message;
      if (typeof message === 'string') return message;
    }
  }
  return 'The payment provider refused the request';
}

/** Stripe over its REST API with fetch: no SDK, so nothing but this file knows Stripe's wire format. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  constructor(
    private readonly secretKey: string,
    readonly publishableKey: string,
    readonly webhookSecret: string,
    private readonly fetchImpl: FetchLike = (url, init) => fetch(url, init),
  ) {}

  async createPaymentIntent(request: CreateIntentRequest): Promise<CreatedIntent> {
    const { url, init } = buildCreateIntentRequest(this.secretKey, request);
    const intent = await this.send(url, init);
    if (typeof intent.id !== 'string' || typeof intent.client_secret !== 'string') throw unexpected();
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  /**
   * Stripe's documented subscription flow for the Payment Element: a Customer, a recurring Price
   * (found by its lookup_key, the plan id, or created once), then a Subscription with
   * payment_behavior=default_incomplete whose first invoice's PaymentIntent checkout confirms.
   * Stripe then renews it, and its invoice.paid events extend the plan.
   */
  async startSubscription(request: StartSubscriptionRequest): Promise<StartedSubscription> {
    const customerId = request.customer.id ?? (await this.createCustomer(request));
    const priceId = await this.findOrCreatePrice(request.plan);
    const subscription = await this.post(
      '/v1/subscriptions',
      {
        customer: customerId,
        'items[0][price]': priceId,
        payment_behavior: 'default_incomplete',
        'payment_settings[save_default_payment_method]': 'on_subscription',
        'expand[0]': 'latest_invoice.payment_intent',
        'metadata[userId]': String(request.customer.userId),
        'metadata[subscriptionId]': request.subscriptionId,
      },
      request.idempotencyKey,
    );
    const invoice = subscription.latest_invoice as {
      payment_intent?: { id?: unknown; client_secret?: unknown };
    } | null;
    const intent = invoice?.payment_intent;
    if (
      typeof subscription.id !== 'string' ||
      typeof intent?.id !== 'string' ||
      typeof intent.client_secret !== 'string'
    ) {
      throw unexpected();
    }
    return {
      customerId,
      providerSubscriptionId: subscription.id,
      intent: { id: intent.id, clientSecret: intent.client_secret },
    };
  }

  async setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean): Promise<void> {
    await this.post(`/v1/subscriptions/${encodeURIComponent(providerSubscriptionId)}`, {
      cancel_at_period_end: String(cancel),
    });
  }

  async cancelSubscriptionNow(providerSubscriptionId: string): Promise<void> {
    await this.send(`${STRIPE_API_BASE}/v1/subscriptions/${encodeURIComponent(providerSubscriptionId)}`, {
      method: 'DELETE',
      headers: this.headers(),
    });
  }

  private async createCustomer(request: StartSubscriptionRequest): Promise<string> {
    const customer = await this.post(
      '/v1/customers',
      {
        email: request.customer.email,
        name: request.customer.name,
        'metadata[userId]': String(request.customer.userId),
      },
      `customer-${request.customer.userId}`,
    );
    if (typeof customer.id !== 'string') throw unexpected();
    return customer.id;
  }

  private async findOrCreatePrice(plan: StartSubscriptionRequest['plan']): Promise<string> {
    const found = await this.send(
      `${STRIPE_API_BASE}/v1/prices?${new URLSearchParams({ 'lookup_keys[0]': plan.id, active: 'true' })}`,
      { method: 'GET', headers: this.headers() },
    );
    const existing = (found.data as { id?: unknown; unit_amount?: unknown }[] | undefined)?.find(
      (price) => price.unit_amount === plan.priceCents,
    );
    if (typeof existing?.id === 'string') return existing.id;
    const created = await this.post('/v1/prices', {
      currency: 'usd',
      unit_amount: String(plan.priceCents),
      'recurring[interval]': plan.period === 'yearly' ? 'year' : 'month',
      'product_data[name]': `Tonemark ${plan.name}`,
      lookup_key: plan.id,
      // A changed price in our catalogue takes the key over from the old Stripe price.
      transfer_lookup_key: 'true',
    });
    if (typeof created.id !== 'string') throw unexpected();
    return created.id;
  }

  private headers(idempotencyKey?: string): Record<string, string> {
    return {
      Authorization: `Bearer ${this.secretKey}`,
      'Content-Type': 'application/x-www-form-urlencoded',
      'Stripe-Version': STRIPE_API_VERSION,
      ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
    };
  }

  private post(path: string, form: Record<string, string>, idempotencyKey?: string) {
    return this.send(`${STRIPE_API_BASE}${path}`, {
      method: 'POST',
      headers: this.headers(idempotencyKey),
      body: new URLSearchParams(form).toString(),
    });
  }

  private async send(url: string, init: RequestInit): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(20_000) });
    } catch {
      throw new AppError('PAYMENT_PROVIDER', 'The payment provider could not be reached. Please try again.');
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const status = response.status >= 500 ? 502 : 400;
      throw new AppError('PAYMENT_PROVIDER', readStripeError(body), undefined, status);
    }
    if (typeof body !== 'object' || body === null) throw unexpected();
    return body as Record<string, unknown>;
  }
}

const unexpected = () => new AppError('PAYMENT_PROVIDER', 'The payment provider sent an unexpected answer.');
