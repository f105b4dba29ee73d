import { z } from 'zod';
import type { ErrorCode } from './error-codes.ts';

// SPEC §2.17, §3.3 (payment), §7 (create-payment-intent) and §8 (checkout notices).

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const MIN_PAYMENT_AMOUNT = 0.5;
export const MAX_PAYMENT_AMOUNT = 999_999.99;

const amountSchema = z
  .number()
  .min(MIN_PAYMENT_AMOUNT)
  .max(MAX_PAYMENT_AMOUNT)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Amount must have at most 2 decimals');

/** POST /api/create-payment-intent. */
export const createPaymentIntentSchema = z
  .object({ amount: amountSchema, subscriptionId: z.string().trim().min(1).max(64).optional() })
  .strict();

export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe mode only: what Stripe.js is initialised with. */
  publishableKey: z.string().nullable(),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

/** Luhn check over the digits of a card number. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export const cardNumberSchema = z
  .string()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{13,19}$/, 'Your card number is incomplete.')
      .refine(passesLuhn, 'Your card number is invalid.'),
  );

/** 'MM / YY' or 'MM/YYYY' → month and full year, or a message. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** The card as the sandbox form sends it; the same checks Stripe's Element makes before paying. */
export const sandboxCardSchema = z
  .object({
    number: cardNumberSchema,
    expiry: z.string().max(10),
    cvc: z.string().regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
  })
  .strict()
  .superRefine((card, ctx) => {
    const expiry = parseExpiry(card.expiry);
    if (!expiry) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['expiry'],
        message: "Your card's expiration date is incomplete.",
      });
      return;
    }
    const now = new Date();
    const endOfMonth = new Date(expiry.year, expiry.month, 1);
    if (endOfMonth <= now) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['expiry'],
        message: "Your card's expiration date is in the past.",
      });
    } else if (expiry.year > now.getFullYear() + 20) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['expiry'],
        message: "Your card's expiration year is invalid.",
      });
    }
  });

/** POST /api/payments/sandbox/confirm: what Stripe's confirmPayment does, for the offline provider. */
export const confirmSandboxPaymentSchema = z
  .object({ clientSecret: z.string().min(1).max(200), card: sandboxCardSchema })
  .strict();
export type ConfirmSandboxPaymentInput = z.input<typeof confirmSandboxPaymentSchema>;

export const confirmPaymentResponseSchema = z.object({
  status: z.literal('succeeded'),
  paymentIntentId: z.string(),
});

/** Card failures carry the provider's message and a Stripe-style decline code. */
export const CARD_ERROR_CODE = 'CARD_DECLINED' satisfies ErrorCode;
