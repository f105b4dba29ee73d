import { z } from 'zod';
import type { ErrorCode } from './error-codes.ts';

// SPEC §2.17, §3.3 and §9: plans, subscriptions and the yearly discount.

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** SPEC §9: yearly billing saves 20 %. */
export const YEARLY_DISCOUNT = 0.2;

/** Yearly price in cents for a monthly price in cents: 12 months less the discount. */
export function yearlyPriceCents(monthlyCents: number): number {
  return Math.round(monthlyCents * 12 * (1 - YEARLY_DISCOUNT));
}

export const PLAN_TIERS = ['starter', 'pro', 'enterprise'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

/**
 * Accounts without a paid plan are on Free, which is not a paid plan and has no pricing row
 * (issue 14, docs/decisions/commerce-lifecycle.md).
 */
export const FREE_PLAN = {
  tier: 'free',
  name: 'Free',
  triggerLimit: 2,
  storageLimitBytes: 500 * 1024 * 1024,
} as const;

/** The tier an account is on: a paid one, or free. */
export const ACCOUNT_TIERS = ['free', ...PLAN_TIERS] as const;
export type AccountTier = (typeof ACCOUNT_TIERS)[number];

/**
 * users.subscription_status: inactive until a payment succeeds, active while the paid plan runs,
 * canceled once its subscription ended. Only active makes the plan count (with current_period_end).
 */
export const USER_SUBSCRIPTION_STATUSES = ['inactive', 'active', 'canceled'] as const;
export type UserSubscriptionStatus = (typeof USER_SUBSCRIPTION_STATUSES)[number];

/** The account plan's status: the stored one while a paid plan counts, else free. */
export const ACCOUNT_PLAN_STATUSES = ['free', ...USER_SUBSCRIPTION_STATUSES] as const;
export type AccountPlanStatus = (typeof ACCOUNT_PLAN_STATUSES)[number];

const GB = 1024 * 1024 * 1024;
/** Plans state storage in GB; quotas count bytes. */
export const gigabytes = (gb: number) => gb * GB;

/** SPEC §3.3 pricing plan; tier and contactSales are what the screens need besides. */
export const pricingPlanSchema = z.object({
  id: z.string(),
  tier: z.enum(PLAN_TIERS),
  name: z.string(),
  description: z.string(),
  /** Dollars, e.g. 199 or 1910.4. */
  price: z.number(),
  billingPeriod: z.enum(BILLING_PERIODS),
  features: z.array(z.string()),
  /** Active triggers allowed; null means unlimited. */
  triggerLimit: z.number().int().nullable(),
  /** Gigabytes. */
  storageLimit: z.number(),
  recommended: z.boolean(),
  contactSales: z.boolean(),
});
export type PricingPlan = z.infer<typeof pricingPlanSchema>;

export const pricingResponseSchema = z.object({
  monthly: z.array(pricingPlanSchema),
  yearly: z.array(pricingPlanSchema),
});
export type PricingResponse = z.infer<typeof pricingResponseSchema>;

export const SUBSCRIPTION_SOURCES = ['pricing_page', 'landing_page', 'api'] as const;

/** POST /api/subscriptions (SPEC §7): planId, email, name, metadata.source. */
export const createSubscriptionSchema = z
  .object({
    planId: z.string().trim().min(1).max(64),
    email: z.string().trim().toLowerCase().email().max(254),
    name: z.string().trim().min(1).max(100),
    metadata: z
      .object({ source: z.enum(SUBSCRIPTION_SOURCES) })
      .strict()
      .default({ source: 'api' }),
  })
  .strict();
export type CreateSubscriptionInput = z.input<typeof createSubscriptionSchema>;

export const createSubscriptionResponseSchema = z.object({ subscriptionId: z.string() });

/** Bytes used by the account's media and what its plan allows (null: unlimited as admin). */
export const storageQuotaSchema = z.object({
  usedBytes: z.number().int(),
  limitBytes: z.number().int().nullable(),
});
export type StorageQuota = z.infer<typeof storageQuotaSchema>;

/** GET /api/subscriptions/current: what the account has and what it may do. */
export const accountPlanSchema = z.object({
  tier: z.enum(ACCOUNT_TIERS),
  planName: z.string(),
  /** users.subscriptionStatus while a paid plan counts; free otherwise. */
  status: z.enum(ACCOUNT_PLAN_STATUSES),
  billingPeriod: z.enum(BILLING_PERIODS).nullable(),
  currentPeriodEnd: z.string().nullable(),
  /** null: unlimited (highest tier or admin). */
  triggerLimit: z.number().int().nullable(),
  activeTriggers: z.number().int(),
  /** True on the Free tier: nothing is paid for. */
  isDefault: z.boolean(),
  unlimitedAsAdmin: z.boolean(),
  /** The paid subscription in force, if any. */
  subscriptionId: z.string().nullable(),
  /** Cancelled: the plan ends at currentPeriodEnd and the account moves to Free. */
  cancelAtPeriodEnd: z.boolean(),
  storage: storageQuotaSchema,
});
export type AccountPlan = z.infer<typeof accountPlanSchema>;

/** The message a refused activation carries (issue 6): names the plan and its limit. */
export function planLimitMessage(planName: string, limit: number): string {
  return `Your ${planName} plan allows ${limit} active trigger${limit === 1 ? '' : 's'}. Deactivate one or upgrade your plan.`;
}

/** The same limit met on a team's trigger, which counts against the team owner's plan (issue 13). */
export function teamPlanLimitMessage(planName: string, limit: number): string {
  return `The team owner's ${planName} plan allows ${limit} active trigger${limit === 1 ? '' : 's'}, and the team's and their own triggers have used them. Deactivate one, or the owner can upgrade.`;
}

export const PLAN_LIMIT_CODE = 'PLAN_LIMIT' satisfies ErrorCode;
