import type { PublicUser } from '@tonemark/shared';
import type { UserRow } from '../../db/schema.ts';

export function toPublicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    subscriptionPlan: user.subscriptionPlan,
    subscriptionStatus: user.subscriptionStatus,
    createdAt: user.createdAt.toISOString(),
    displayName: user.displayName,
    emailVerified: user.emailVerifiedAt !== null,
  };
}

/** 'Jane.Doe+x@example.com' -> 'Jane.Doe_x': a readable default username from the email. */
export function usernameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? 'user';
  const cleaned = local.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 40);
  return cleaned.length >= 3 ? cleaned : `${cleaned}_user`;
}
