import {
  ACCOUNT_TEXTS,
  type AccountProfile,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  tokenSchema,
  updateProfileSchema,
} from '@tonemark/shared';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { subscriptions, type UserRow, users } from '../../db/schema.ts';
import { AppError, notFound, parseInput } from '../../plugins/app-error.ts';
import { requireUser } from '../../plugins/request-user.ts';
import { hashPassword, timingDummyHash, verifyPassword } from '../auth/passwords.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { toPublicUser } from '../auth/users.ts';
import {
  changeEmailMessage,
  emailChangedNotice,
  passwordChangedNotice,
  resetPasswordEmail,
  verifyEmailMessage,
} from './account-emails.ts';
import { endOtherSessions, endSession, listSessions, storedSessionId } from './account-sessions.ts';
import { consumeToken, issueToken, pendingEmailChange } from './account-tokens.ts';
import { deleteAccount } from './delete-account.ts';

const invalidLink = () => new AppError('INVALID_LINK', ACCOUNT_TEXTS.linkInvalid);
const wrongPassword = () =>
  new AppError('WRONG_PASSWORD', 'Your current password is not correct', {
    currentPassword: 'Your current password is not correct',
  });

/** Sends the verification link for the user's current address. */
export async function sendVerificationEmail(app: FastifyInstance, user: Pick<UserRow, 'id' | 'email'>) {
  const token = await issueToken(app.db, user.id, 'verify-email', user.email);
  await app.mailer.send(verifyEmailMessage(user.email, `${app.appUrl}/verify-email?token=${token}`));
}

function currentStoredId(request: FastifyRequest): string | null {
  const token = request.cookies[SESSION_COOKIE];
  return token ? storedSessionId(token) : null;
}

async function checkPassword(user: UserRow, password: string) {
  if (!(await verifyPassword(password, user.password))) throw wrongPassword();
}

/** Stripe mode: the account's Stripe subscriptions end now, so a deleted account is never charged. */
async function stopBilling(app: FastifyInstance, userId: number) {
  const cancel = app.payments.cancelSubscriptionNow?.bind(app.payments);
  if (!cancel) return;
  const rows = await app.db
    .select({ stripeId: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'canceled')));
  for (const { stripeId } of rows) if (stripeId) await cancel(stripeId);
}

/** /api/account: the account lifecycle (docs/decisions/account-lifecycle.md). */
export async function accountRoutes(app: FastifyInstance) {
  // Per address: enough for a person who mistyped, too few to flood someone's inbox.
  const mailLimit = { rateLimit: { max: 5, timeWindow: 15 * 60_000 } };

  app.post('/forgot-password', { config: mailLimit }, async (request, reply) => {
    const { email } = parseInput(forgotPasswordSchema, request.body);
    const [user] = await app.db.select().from(users).where(eq(users.email, email)).limit(1);
    if (user) {
      const token = await issueToken(app.db, user.id, 'reset-password', user.email);
      await app.mailer.send(resetPasswordEmail(user.email, `${app.appUrl}/reset-password?token=${token}`));
    } else {
      // The same work either way, so the answer's timing does not tell whether the address exists.
      await timingDummyHash();
    }
    return reply.status(202).send({ ok: true, message: ACCOUNT_TEXTS.resetRequested });
  });

  app.post('/reset-password', async (request) => {
    const input = parseInput(resetPasswordSchema, request.body);
    const passwordHash = await hashPassword(input.password);
    const token = await consumeToken(app.db, input.token, 'reset-password');
    if (!token) throw invalidLink();
    await app.db.transaction(async (tx) => {
      // The link proves the inbox too: the address counts as verified from here on.
      const [user] = await tx
        .update(users)
        .set({ password: passwordHash, emailVerifiedAt: new Date() })
        .where(and(eq(users.id, token.userId), eq(users.email, token.email)))
        .returning({ id: users.id });
      // The address changed since the link was sent: it no longer reaches this account's owner.
      if (!user) throw invalidLink();
      await endOtherSessions(tx, token.userId, null);
    });
    return { ok: true, message: ACCOUNT_TEXTS.resetDone };
  });

  app.post('/verify-email', async (request) => {
    const input = parseInput(tokenSchema, request.body);
    const token = await consumeToken(app.db, input.token, 'verify-email');
    if (!token) throw invalidLink();
    const updated = await app.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(and(eq(users.id, token.userId), eq(users.email, token.email)))
      .returning({ id: users.id });
    if (updated.length === 0) throw invalidLink();
    return { ok: true, message: ACCOUNT_TEXTS.emailVerified };
  });

  app.post('/resend-verification', { config: mailLimit }, async (request, reply) => {
    const user = requireUser(request);
    if (user.emailVerifiedAt)
      return reply.status(200).send({ ok: true, message: ACCOUNT_TEXTS.emailVerified });
    await sendVerificationEmail(app, user);
    return reply.status(202).send({ ok: true, message: `A new link is on its way to ${user.email}.` });
  });

  app.get('/profile', async (request): Promise<AccountProfile> => {
    const user = requireUser(request);
    return {
      email: user.email,
      displayName: user.displayName,
      emailVerified: user.emailVerifiedAt !== null,
      pendingEmail: await pendingEmailChange(app.db, user.id),
    };
  });

  app.patch('/profile', async (request) => {
    const user = requireUser(request);
    const input = parseInput(updateProfileSchema, request.body);
    const [row] = await app.db
      .update(users)
      .set({ displayName: input.displayName === '' ? null : input.displayName })
      .where(eq(users.id, user.id))
      .returning();
    if (!row) throw notFound('Account');
    return { user: toPublicUser(row) };
  });

  app.post('/change-password', async (request) => {
    const user = requireUser(request);
    const input = parseInput(changePasswordSchema, request.body);
    await checkPassword(user, input.currentPassword);
    const passwordHash = await hashPassword(input.newPassword);
    await app.db.transaction(async (tx) => {
      await tx.update(users).set({ password: passwordHash }).where(eq(users.id, user.id));
      await endOtherSessions(tx, user.id, currentStoredId(request));
    });
    await app.mailer.send(passwordChangedNotice(user.email));
    return { ok: true, message: 'Your password is changed. Other devices were signed out.' };
  });

  app.post('/change-email', { config: mailLimit }, async (request, reply) => {
    const user = requireUser(request);
    const input = parseInput(changeEmailSchema, request.body);
    await checkPassword(user, input.currentPassword);
    if (input.newEmail === user.email) {
      throw new AppError('VALIDATION', 'This is already your address', {
        newEmail: 'This is already your address',
      });
    }
    const [taken] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, input.newEmail), ne(users.id, user.id)))
      .limit(1);
    if (taken) {
      throw new AppError('EMAIL_TAKEN', 'An account with this email already exists', {
        newEmail: 'Already registered',
      });
    }
    const token = await issueToken(app.db, user.id, 'change-email', input.newEmail);
    await app.mailer.send(changeEmailMessage(input.newEmail, `${app.appUrl}/confirm-email?token=${token}`));
    return reply.status(202).send({
      ok: true,
      message: `We sent a link to ${input.newEmail}. Your address changes when you open it.`,
    });
  });

  app.post('/confirm-email-change', async (request) => {
    const input = parseInput(tokenSchema, request.body);
    const token = await consumeToken(app.db, input.token, 'change-email');
    if (!token) throw invalidLink();
    const [before] = await app.db.select().from(users).where(eq(users.id, token.userId)).limit(1);
    if (!before) throw invalidLink();
    try {
      await app.db
        .update(users)
        .set({ email: token.email, emailVerifiedAt: new Date() })
        .where(eq(users.id, token.userId));
    } catch (error) {
      // Someone registered the address after the link was sent: the unique index refuses it.
      if (String((error as { code?: unknown }).code ?? '') === '23505' || /unique/i.test(String(error))) {
        throw new AppError('EMAIL_TAKEN', 'An account with this email already exists');
      }
      throw error;
    }
    await app.mailer.send(emailChangedNotice(before.email, token.email));
    return { ok: true, message: ACCOUNT_TEXTS.emailChanged };
  });

  app.get('/sessions', async (request) => {
    const user = requireUser(request);
    return { sessions: await listSessions(app.db, user.id, currentStoredId(request)) };
  });

  app.delete('/sessions/:id', async (request, reply) => {
    const user = requireUser(request);
    const id = String((request.params as { id?: unknown }).id ?? '');
    if (!(await endSession(app.db, user.id, id))) throw notFound('Session');
    return reply.status(204).send();
  });

  app.post('/sessions/sign-out-others', async (request, reply) => {
    const user = requireUser(request);
    await endOtherSessions(app.db, user.id, currentStoredId(request));
    return reply.status(204).send();
  });

  app.delete('/', async (request, reply) => {
    const user = requireUser(request);
    const input = parseInput(deleteAccountSchema, request.body);
    if (input.confirmEmail !== user.email) {
      throw new AppError('VALIDATION', 'Type your e-mail address to confirm', {
        confirmEmail: 'Type your e-mail address to confirm',
      });
    }
    await checkPassword(user, input.currentPassword);
    await stopBilling(app, user.id);
    const { files } = await deleteAccount(app.db, app.media.store, user, (key) =>
      app.triggerTones.settled(key),
    );
    request.log.info({ userId: user.id, files }, 'account deleted');
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });
}
