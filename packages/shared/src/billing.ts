import { z } from 'zod';
import { BILLING_PERIODS, pricingPlanSchema } from './pricing.ts';

// Issue 14: the subscription being paid for, payments and their receipts.

/**
 * The states Tonemark gives a subscription: incomplete until its first payment succeeds, then
 * active, canceled when it ends. Stripe has more (past_due, trialing…); Tonemark stores none of them.
 */
export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * A payment's state as Tonemark stores it: Stripe's payment intent statuses that it writes (a new or
 * failed payment needs a payment method; a paid one succeeded).
 */
export const PAYMENT_STATUSES = ['requires_payment_method', 'succeeded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** GET /api/subscriptions/:id: what checkout is paying for. */
export const subscriptionDetailSchema = z.object({
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  plan: pricingPlanSchema,
});
export type SubscriptionDetail = z.infer<typeof subscriptionDetailSchema>;

/** GET /api/payments/:id and the receipts list. */
export const paymentSummarySchema = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number(),
  currency: z.string(),
  /** The plan it paid for; null for a payment without a subscription. */
  planName: z.string().nullable(),
  billingPeriod: z.enum(BILLING_PERIODS).nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** TM-20260115-pi_3abc12: printed on the receipt. */
  receiptNumber: z.string(),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;
export const paymentListSchema = z.object({ payments: z.array(paymentSummarySchema) });

/** Receipts exist for succeeded payments only; the file is HTML, printable to PDF by any browser. */
export const receiptDownloadPath = (paymentId: string) =>
  `/api/payments/${encodeURIComponent(paymentId)}/receipt.html`;
