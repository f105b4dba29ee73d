import { createHash, randomBytes } from 'node:crypto';
import type { AccountTokenPurpose } from '@tonemark/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type AccountTokenRow, accountTokens } from '../../db/schema.ts';

/** How long each kind of link works. */
export const TOKEN_TTL_MS: Record<AccountTokenPurpose, number> = {
  'reset-password': 60 * 60_000,
  'verify-email': 7 * 86_400_000,
  'change-email': 24 * 60 * 60_000,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new single-use link token for `purpose`, sent to `email`. Older unused tokens of the same
 * purpose stop working: only the latest link in the inbox is valid.
 */
export async function issueToken(
  db: Db,
  userId: number,
  purpose: AccountTokenPurpose,
  email: string,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.userId, userId),
          eq(accountTokens.purpose, purpose),
          isNull(accountTokens.usedAt),
        ),
      );
    await tx.insert(accountTokens).values({
      id: hashToken(token),
      userId,
      purpose,
      email,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
    });
  });
  return token;
}

/**
 * Spends a token: one UPDATE that only matches an unused, unexpired token of this purpose, so two
 * requests racing with the same link cannot both succeed.
 */
export async function consumeToken(
  db: Db,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<AccountTokenRow | null> {
  const now = new Date();
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.id, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** The address an e-mail change is waiting to confirm, if its link is still valid. */
export async function pendingEmailChange(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: accountTokens.email })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, 'change-email'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row?.email ?? null;
}
