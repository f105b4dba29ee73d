import { z } from 'zod';
import { BILLING_PERIODS, pricingPlanSchema } from './pricing.ts';

// Issue 14: the subscription being paid for, payments and their receipts.

/** GET /api/subscriptions/:id: what checkout is paying for. */
export const subscriptionDetailSchema = z.object({
  id: z.string(),
  status: z.string(),
  plan: pricingPlanSchema,
});
export type SubscriptionDetail = z.infer<typeof subscriptionDetailSchema>;

/** GET /api/payments/:id and the receipts list. */
export const paymentSummarySchema = z.object({
  id: z.string(),
  status: z.string(),
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
