import { AppError } from '../../../plugins/app-error.ts';
import type { CreatedIntent, CreateIntentRequest, PaymentProvider } from './payment-provider.ts';

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
    let response: Response;
    try {
      response = await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(20_000) });
    } catch {
      throw new AppError(
        502,
        'PAYMENT_PROVIDER',
        'The payment provider could not be reached. Please try again.',
      );
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const status = response.status >= 500 ? 502 : 400;
      throw new AppError(status, 'PAYMENT_PROVIDER', readStripeError(body));
    }
    const intent = body as { id?: unknown; client_secret?: unknown } | null;
    if (typeof intent?.id !== 'string' || typeof intent.client_secret !== 'string') {
      throw new AppError(502, 'PAYMENT_PROVIDER', 'The payment provider sent an unexpected answer.');
    }
    return { id: intent.id, clientSecret: intent.client_secret };
  }
}
