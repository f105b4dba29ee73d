import { z } from 'zod';

// Account lifecycle (issue 14): password reset, e-mail verification and change, profile, devices,
// deletion. docs/decisions/account-lifecycle.md.

/** What an e-mailed single-use link is for (account_tokens.purpose). */
export const ACCOUNT_TOKEN_PURPOSES = ['reset-password', 'verify-email', 'change-email'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

const password = z.string().min(8).max(200);
const email = z.string().trim().toLowerCase().email().max(254);
/** The token part of an e-mailed link: base64url, 43 characters for 32 random bytes. */
const token = z
  .string()
  .trim()
  .min(20)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'This link is not valid');

export const forgotPasswordSchema = z.object({ email }).strict();
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({ token, password }).strict();
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const tokenSchema = z.object({ token }).strict();

export const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1).max(200), newPassword: password })
  .strict();
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const changeEmailSchema = z
  .object({ newEmail: email, currentPassword: z.string().min(1).max(200) })
  .strict();
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

export const updateProfileSchema = z.object({ displayName: z.string().trim().max(100) }).strict();
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const deleteAccountSchema = z
  .object({
    currentPassword: z.string().min(1).max(200),
    /** Typed by the person: the account's e-mail address, so deletion is never one stray click. */
    confirmEmail: z.string().trim().toLowerCase().max(254),
  })
  .strict();
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

export const accountProfileSchema = z.object({
  email: z.string(),
  displayName: z.string().nullable(),
  emailVerified: z.boolean(),
  /** An address change waiting for its link to be followed. */
  pendingEmail: z.string().nullable(),
});
export type AccountProfile = z.infer<typeof accountProfileSchema>;

export const accountSessionSchema = z.object({
  /** Opaque: derived from the stored hash, never the cookie itself. */
  id: z.string(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });

/** What a link answer says: the web shows it as the outcome of following the link. */
export const linkOutcomeSchema = z.object({ ok: z.literal(true), message: z.string() });

export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxResponseSchema = z.object({
  /** 'outbox': kept under DATA_DIR for an admin to read; 'smtp': sent, nothing kept. */
  transport: z.enum(['outbox', 'smtp']),
  messages: z.array(outboxMessageSchema),
});
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;

export const ACCOUNT_TEXTS = {
  resetRequested:
    'If an account exists for that address, a link to reset its password is on its way. It works once, within an hour.',
  resetDone: 'Your password is changed and every device was signed out. Sign in with the new password.',
  linkInvalid: 'This link is not valid or has expired. Ask for a new one.',
  emailVerified: 'Your e-mail address is verified.',
  emailChanged: 'Your e-mail address is changed.',
} as const;
