import { randomInt } from 'node:crypto';
import { loginSchema, registerSchema } from '@tonemark/shared';
import { count, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema.ts';
import { AppError, parseInput } from '../../plugins/app-error.ts';
import { requireUser } from '../../plugins/request-user.ts';
import { SignInLimiter, type SignInLimitOptions, WindowCounter } from './attempt-limits.ts';
import { setSessionCookie } from './auth-plugin.ts';
import { hashPassword, timingDummyHash, verifyPassword } from './passwords.ts';
import { createSession, deleteExpiredSessions, deleteSession, SESSION_COOKIE } from './sessions.ts';
import { toPublicUser, usernameFromEmail } from './users.ts';

// Serialises sign-ups so two at once on an empty database cannot both become admin.
const SIGNUP_LOCK_KEY = 72_910_001;

export interface AuthRouteOptions {
  sessionTtlDays: number;
  cookieSecure: boolean | undefined;
  signInLimits: SignInLimitOptions;
  /** Sign-up attempts per address per window. */
  signUpLimit: { max: number; windowMs: number };
  /** How often expired sessions are deleted (and once at start-up). */
  sessionPurgeMs: number;
  /**
   * Sends a new account its address-verification link. The account feature owns those links and
   * builds on auth, so app.ts hands the sender in rather than auth reaching up for it.
   */
  sendVerificationEmail: (app: FastifyInstance, user: Pick<UserRow, 'id' | 'email'>) => Promise<void>;
}

const tooMany = (what: string, waitMs: number) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError('RATE_LIMITED', `Too many ${what}. Try again in ${seconds} seconds.`);
};

async function pickUsername(db: Db, wanted: string | undefined, email: string): Promise<string> {
  if (wanted) return wanted;
  const base = usernameFromEmail(email);
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidate = attempt === 0 ? base : `${base}${randomInt(1000, 9999)}`;
    const taken = await db.select({ id: users.id }).from(users).where(eq(users.username, candidate)).limit(1);
    if (taken.length === 0) return candidate;
  }
  return `${base}${Date.now()}`;
}

export async function authRoutes(app: FastifyInstance, opts: AuthRouteOptions) {
  const signIns = new SignInLimiter(opts.signInLimits);
  const signUps = new WindowCounter(opts.signUpLimit.max, opts.signUpLimit.windowMs);

  const purge = () =>
    deleteExpiredSessions(app.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not purge expired sessions'),
    );
  const purgeTimer = setInterval(() => void purge(), opts.sessionPurgeMs);
  purgeTimer.unref();
  app.addHook('onReady', purge);
  app.addHook('onClose', async () => clearInterval(purgeTimer));

  app.post('/register', async (request, reply) => {
    const input = parseInput(registerSchema, request.body);
    // Every well-formed attempt counts, taken emails included: it bounds how fast anyone can
    // probe which emails have accounts (the answer must say so: sign-up signs straight in).
    const wait = signUps.waitMs(request.ip, Date.now());
    if (wait > 0) throw tooMany('sign-ups from this address', wait);
    signUps.add(request.ip, Date.now());
    const passwordHash = await hashPassword(input.password);
    const user = await app.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SIGNUP_LOCK_KEY})`);
      const clash = await tx
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(
          input.username
            ? or(eq(users.email, input.email), eq(users.username, input.username))
            : eq(users.email, input.email),
        )
        .limit(1);
      if (clash[0]?.email === input.email) {
        throw new AppError('EMAIL_TAKEN', 'An account with this email already exists', {
          email: 'Already registered',
        });
      }
      if (clash[0])
        throw new AppError('USERNAME_TAKEN', 'This username is taken', { username: 'Already taken' });
      const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(users);
      const username = await pickUsername(tx, input.username, input.email);
      const [created] = await tx
        .insert(users)
        .values({
          email: input.email,
          username,
          password: passwordHash,
          role: total === 0 ? 'admin' : 'creator',
          lastLogin: new Date(),
        })
        .returning();
      if (!created) throw new Error('insert returned no row');
      return created;
    });
    // A mail server that is down must not undo a sign-up: the link can be sent again from Settings.
    await opts
      .sendVerificationEmail(app, user)
      .catch((error: unknown) => request.log.warn({ err: error }, 'verification e-mail not sent'));
    const session = await createSession(app.db, user.id, opts.sessionTtlDays, request.headers['user-agent']);
    setSessionCookie(request, reply, session.token, session.expiresAt, opts.cookieSecure);
    return reply.status(201).send({ user: toPublicUser(user) });
  });

  app.post('/login', async (request, reply) => {
    // Keyed on the email as the schema normalises it (trimmed, lower-cased), so no re-spelling
    // of one account gets fresh guesses.
    const input = parseInput(loginSchema, request.body);
    const wait = signIns.waitMs(request.ip, input.email);
    if (wait > 0) {
      reply.header('retry-after', String(Math.ceil(wait / 1000)));
      throw tooMany('sign-in attempts', wait);
    }
    const [user] = await app.db.select().from(users).where(eq(users.email, input.email)).limit(1);
    const ok = await verifyPassword(input.password, user?.password ?? (await timingDummyHash()));
    if (!user || !ok) {
      signIns.recordFailure(request.ip, input.email);
      throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
    }
    signIns.recordSuccess(request.ip, input.email);
    await app.db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, user.id));
    const session = await createSession(app.db, user.id, opts.sessionTtlDays, request.headers['user-agent']);
    setSessionCookie(request, reply, session.token, session.expiresAt, opts.cookieSecure);
    return { user: toPublicUser(user) };
  });

  app.post('/logout', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deleteSession(app.db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  app.get('/me', async (request) => ({ user: toPublicUser(requireUser(request)) }));
}
