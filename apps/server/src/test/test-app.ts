import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type BuildAppOptions, buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { type Driver, openTestDatabase } from './databases.ts';
import { checkV1Answer } from './openapi-conformance.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

type TestAppExtra = Pick<
  BuildAppOptions,
  | 'detectionLimits'
  | 'broadcaster'
  | 'apiRateLimit'
  | 'webhookDelivery'
  | 'signInLimits'
  | 'signUpLimit'
  | 'sessionPurgeMs'
  | 'listener'
  | 'paymentProvider'
>;

async function buildTestApp(
  database: Database,
  dataDir: string,
  env: Record<string, string>,
  extra: TestAppExtra,
): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...env,
  });
  // Test files sign many accounts up from one address; the sign-up limit has its own test.
  const signUpLimit = { max: 100_000, windowMs: 3_600_000 };
  const app = await buildApp({
    config,
    database,
    logger: false,
    signUpLimit,
    v1ResponseCheck: checkV1Answer,
    ...extra,
  });
  await app.ready();
  return app;
}

/** buildApp() on a fresh database and a private DATA_DIR, for one test file. */
export async function createTestApp(
  driver: Driver,
  env: Record<string, string> = {},
  extra: TestAppExtra = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tonemark-test-'));
  const database = await openTestDatabase(driver);
  const app = await buildTestApp(database, dataDir, env, extra);
  return {
    app,
    database,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another app on the same database and DATA_DIR: a second instance, or the same server after a
 * restart once the first is closed. Closing it leaves the shared database open.
 */
export function startAnotherApp(
  t: TestApp,
  env: Record<string, string> = {},
  extra: TestAppExtra = {},
): Promise<FastifyInstance> {
  return buildTestApp(t.database, t.dataDir, env, extra);
}

export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'tonemark_session');
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `tonemark_session=${cookie.value}`;
}

let counter = 0;
/** Registers a fresh account and returns its cookie header and user. */
export async function signUp(app: FastifyInstance, email = `user${++counter}-${Date.now()}@example.com`) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: 'password-123' },
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed ${response.statusCode}: ${response.body}`);
  const { user } = response.json<{ user: { id: number; role: string; email: string } }>();
  return { cookie: sessionCookie(response), user };
}

/** Registers an account and makes it a viewer: sign-up itself only makes the first admin and creators. */
/** A working /api/v1 key for the signed-in account (the full key is in the creation answer only). */
export async function createApiKey(app: FastifyInstance, cookie: string, name = 'Test key'): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: { cookie },
    payload: { name },
  });
  if (response.statusCode !== 201) throw new Error(`create key ${response.statusCode}: ${response.body}`);
  return response.json<{ key: string }>().key;
}

export async function signUpViewer(t: TestApp, email?: string) {
  const viewer = await signUp(t.app, email);
  await t.database.db.update(users).set({ role: 'viewer' }).where(eq(users.id, viewer.user.id));
  return viewer;
}

/**
 * Puts an account on a paid tier for a year without a checkout: for tests that need more active
 * triggers than the Free plan's two.
 */
export async function givePlan(t: TestApp, userId: number, tier: 'starter' | 'pro' | 'enterprise' = 'pro') {
  await t.database.db
    .update(users)
    .set({
      subscriptionPlan: tier,
      subscriptionStatus: 'active',
      currentPeriodEnd: new Date(Date.now() + 365 * 86_400_000),
    })
    .where(eq(users.id, userId));
}
