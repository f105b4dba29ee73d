import { z } from 'zod';
import { PLAN_TIERS, USER_SUBSCRIPTION_STATUSES } from './pricing.ts';

export const USER_ROLES = ['admin', 'creator', 'viewer'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const registerSchema = z
  .object({
    email: z.string().trim().toLowerCase().email().max(254),
    password: z.string().min(8).max(200),
    username: z
      .string()
      .trim()
      .min(3)
      .max(50)
      .regex(/^[A-Za-z0-9_.-]+$/, 'Only letters, digits, dot, dash and underscore')
      .optional(),
  })
  .strict();
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z
  .object({
    email: z.string().trim().toLowerCase().min(1).max(254),
    password: z.string().min(1).max(200),
  })
  .strict();
export type LoginInput = z.input<typeof loginSchema>;

export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  /** The paid tier bought; null: none. Whether it counts now is subscriptionStatus's. */
  subscriptionPlan: z.enum(PLAN_TIERS).nullable(),
  subscriptionStatus: z.enum(USER_SUBSCRIPTION_STATUSES),
  createdAt: z.string(),
  /** Profile name; null until the person sets one (screens fall back to the username). */
  displayName: z.string().nullable(),
  emailVerified: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const meResponseSchema = z.object({ user: publicUserSchema });
