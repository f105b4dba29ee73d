import { randomBytes } from 'node:crypto';
import { signatureHeader } from './event-signature.ts';
import type { PaymentEvent } from './payment-event.ts';
import type { CreatedIntent, CreateIntentRequest, PaymentProvider } from './payment-provider.ts';

const token = (bytes: number) => randomBytes(bytes).toString('hex');

/** Offline provider with Stripe's shapes: pi_... intents, pi_..._secret_... client secrets, signed events. */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly publishableKey = null;
  readonly webhookSecret: string;

  constructor(signingSecret?: string) {
    // A per-process secret is enough: the sandbox delivers its events inside this process.
    this.webhookSecret = signingSecret ?? token(32);
  }

  async createPaymentIntent(_request: CreateIntentRequest): Promise<CreatedIntent> {
    // Same shape as Stripe ids so the 8-character Transaction ID (SPEC §2.17) shows random characters.
    const id = `pi_${token(12)}`;
    return { id, clientSecret: `${id}_secret_${token(12)}` };
  }

  /** The event Stripe would send after confirming the intent, signed as Stripe signs it. */
  signedEvent(
    type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
    intent: { id: string; amountCents: number; metadata: Record<string, string>; errorMessage?: string },
  ): { body: string; signature: string } {
    const event: PaymentEvent = {
      id: `evt_${token(12)}`,
      type,
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: intent.id,
          object: 'payment_intent',
          amount: intent.amountCents,
          currency: 'usd',
          status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
          metadata: intent.metadata,
          last_payment_error: intent.errorMessage ? { message: intent.errorMessage } : null,
        },
      },
    };
    const body = JSON.stringify(event);
    return { body, signature: signatureHeader(this.webhookSecret, body) };
  }
}
