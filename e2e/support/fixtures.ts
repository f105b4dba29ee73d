import { randomUUID } from 'node:crypto';
import type {
  Campaign,
  CreateCampaignInput,
  CreateTriggerInput,
  PublicUser,
  Trigger,
} from '@tonemark/shared';
import type { Browser, Page } from 'playwright-core';
import { test } from 'vitest';
import { launchBrowser, launchBrowserWithMicrophone, newPage, type PHONE } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

// Typed e2e fixtures (docs/decisions/layout.md): each test asks for what it needs and gets its own
// data, made through the API and removed after it, so no test depends on what an earlier `it` left.
// The server and browser are per file (starting them is the slow part); accounts and their data are
// per test.

const PASSWORD = 'password-123';

/** A signed-in account with its own browser context, and typed helpers that act as it through the API. */
export interface Account {
  user: PublicUser;
  email: string;
  password: string;
  page: Page;
  createTrigger(input: CreateTriggerInput): Promise<Trigger>;
  createCampaign(input: CreateCampaignInput): Promise<Campaign>;
}

export interface E2eOptions {
  /** Path of a WAV that Chromium's fake microphone loops; without it, no microphone. */
  microphone?: () => string;
  /** Extra Chromium flags (e.g. the autoplay policy). */
  browserArgs?: string[];
  /** Extra environment for the server (e.g. SMTP settings). */
  serverEnv?: Record<string, string>;
  viewport?: typeof PHONE;
}

async function expectStatus(
  response: { status(): number; text(): Promise<string> },
  status: number,
  what: string,
) {
  if (response.status() !== status) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
}

async function signUp(
  browser: Browser,
  baseUrl: string,
  email: string,
  viewport?: typeof PHONE,
): Promise<Account> {
  const page = await newPage(browser, baseUrl, viewport);
  const response = await page.request.post('/api/auth/register', { data: { email, password: PASSWORD } });
  await expectStatus(response, 201, `register ${email}`);
  const { user } = (await response.json()) as { user: PublicUser };
  return {
    user,
    email,
    password: PASSWORD,
    page,
    async createTrigger(input) {
      const created = await page.request.post('/api/triggers', { data: input });
      await expectStatus(created, 201, `create trigger ${input.name}`);
      return (await created.json()) as Trigger;
    },
    async createCampaign(input) {
      const created = await page.request.post('/api/campaigns', { data: input });
      await expectStatus(created, 201, `create campaign ${input.name}`);
      return (await created.json()) as Campaign;
    },
  };
}

/** A unique address per call, so parallel or repeated tests never meet the same account. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * The file's `it`, extended with:
 * - `server` (file): the real server on a free port with a fresh data directory; its first account,
 *   the `admin`, is registered at once so every later account is a creator, whatever the test order.
 * - `browser` (file): Chromium, with the fake microphone when `options.microphone` is given.
 * - `admin` (file): the server's admin, signed in.
 * - `owner` (test): a fresh creator, signed in in its own context; the account and everything it made
 *   (triggers, campaigns, media, activations) are deleted after the test through DELETE /api/account.
 */
export function e2eTest(options: E2eOptions = {}) {
  return (
    test
      // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
      .extend('server', { scope: 'file' }, async ({}, { onCleanup }): Promise<RunningServer> => {
        const server = await startServer(options.serverEnv);
        onCleanup(() => server.stop());
        return server;
      })
      // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
      .extend('browser', { scope: 'file' }, async ({}, { onCleanup }): Promise<Browser> => {
        const browser = options.microphone
          ? await launchBrowserWithMicrophone(options.microphone())
          : await launchBrowser(options.browserArgs);
        onCleanup(() => browser.close());
        return browser;
      })
      .extend('admin', { scope: 'file' }, async ({ server, browser }, { onCleanup }): Promise<Account> => {
        const admin = await signUp(browser, server.baseUrl, 'admin@example.com', options.viewport);
        if (admin.user.role !== 'admin') throw new Error(`the file's first account is ${admin.user.role}`);
        onCleanup(() => admin.page.context().close());
        return admin;
      })
      .extend('owner', async ({ server, browser, admin }, { onCleanup }): Promise<Account> => {
        // `admin` is asked for first so it is the server's first account.
        void admin;
        const owner = await signUp(browser, server.baseUrl, uniqueEmail('owner'), options.viewport);
        onCleanup(async () => {
          const deleted = await owner.page.request.delete('/api/account', {
            data: { currentPassword: owner.password, confirmEmail: owner.email },
          });
          await expectStatus(deleted, 204, `delete ${owner.email}`);
          await owner.page.context().close();
        });
        return owner;
      })
  );
}
