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
import { type SmtpInbox, startSmtpInbox } from '../../apps/server/src/test/smtp-inbox.ts';
import { launchBrowser, launchBrowserWithMicrophone, newPage, type PHONE } from './browser.ts';
import {
  deleteAdministeredTeams,
  deleteRows,
  describeRows,
  listRows,
  newRows,
  type Rows,
} from './leftovers.ts';
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
  /** Start a real SMTP inbox for the file's server (SMTP_URL) and give tests the `inbox` fixture. */
  smtpInbox?: boolean;
}

async function expectStatus(
  response: { status(): number; text(): Promise<string> },
  status: number,
  what: string,
) {
  if (response.status() !== status) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
}

/** Acts as `page`'s account through the API. */
function accountApi(page: Page) {
  const create = async <T extends { id: number }>(
    collection: string,
    input: { name: string },
  ): Promise<T> => {
    const created = await page.request.post(collection, { data: input });
    await expectStatus(created, 201, `create ${input.name} in ${collection}`);
    return (await created.json()) as T;
  };
  return {
    createTrigger: (input: CreateTriggerInput) => create<Trigger>('/api/triggers', input),
    createCampaign: (input: CreateCampaignInput) => create<Campaign>('/api/campaigns', input),
  };
}

async function signUp(
  browser: Browser,
  baseUrl: string,
  email: string,
  viewport: typeof PHONE | undefined,
): Promise<Account> {
  const page = await newPage(browser, baseUrl, viewport);
  // Each fixture account signs up from an address of its own: the server allows ten sign-ups an hour
  // from one address (tested in apps/server/src/features/auth/sign-in-limits.test.ts), and a file
  // makes more than ten accounts. Needs TRUST_PROXY, which the fixture server sets.
  const response = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD },
    headers: { 'x-forwarded-for': nextAddress() },
  });
  await expectStatus(response, 201, `register ${email}`);
  const { user } = (await response.json()) as { user: PublicUser };
  return { user, email, password: PASSWORD, page, ...accountApi(page) };
}

/**
 * Deletes the account and, with it, everything it made (triggers, campaigns, media, activations).
 * A test that changes the account's password or e-mail sets `account.password` / `account.email`.
 */
async function deleteAccount(account: Account): Promise<void> {
  const request = account.page.request;
  const signedIn = async () => (await request.get('/api/auth/me')).status() === 200;
  if (!(await signedIn())) {
    // Signed out (a password reset signs out every device, or the test deleted the account itself):
    // sign in again; if the current credentials no longer sign in, the account is gone already.
    const login = await request.post('/api/auth/login', {
      data: { email: account.email, password: account.password },
    });
    if (login.status() === 401) return account.page.context().close();
    await expectStatus(login, 200, `sign in ${account.email} to delete it`);
  }
  // Its teams first: the server keeps an account that is the last admin of a team others belong to.
  await deleteAdministeredTeams(request);
  const deleted = await request.delete('/api/account', {
    data: { currentPassword: account.password, confirmEmail: account.email },
  });
  await expectStatus(deleted, 204, `delete ${account.email}`);
  await account.page.context().close();
}

/**
 * A fresh creator for a per-file fixture (a data set made once and only read by the file's tests);
 * the caller deletes it with `deleteFileAccount` when the file ends. Tests use `signUp` instead.
 */
export function signUpForFile(browser: Browser, baseUrl: string, label: string): Promise<Account> {
  return signUp(browser, baseUrl, uniqueEmail(label), undefined);
}
export const deleteFileAccount = deleteAccount;

/** A new browser context signed in as `account`, for a test that must not share `account.page`. */
export async function signInAgain(browser: Browser, baseUrl: string, account: Account): Promise<Page> {
  const page = await newPage(browser, baseUrl);
  const login = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  await expectStatus(login, 200, `sign in ${account.email}`);
  return page;
}

let addresses = 0;
/** 10.x.y.z, a new one per sign-up in this file. */
function nextAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** A unique address per call, so parallel or repeated tests never meet the same account. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * The file's `it`, extended with:
 * - `server` (file): the real server on a free port with a fresh data directory. Its first account is
 *   always the admin (registered before any other), so every other account is a creator, whatever
 *   the test order.
 * - `browser` (file): Chromium, with the fake microphone when `options.microphone` is given.
 * - `admin` (test): the server's admin (signed in once per file); the A/B tests, triggers, segments,
 *   media and campaigns it makes during a test, by any route, are deleted (campaigns archived) after
 *   the test, in the order the server allows (support/leftovers.ts).
 * - `signUp(label)` (test): a fresh creator, signed in in its own context; the account and everything
 *   it made (triggers, campaigns, media, activations) are deleted after the test (DELETE /api/account),
 *   the teams it administers first (support/leftovers.ts).
 * - `adoptAccount(page, email)` (test): an account the test made itself (through the sign-up form),
 *   signed in on `page`; deleted after the test like `signUp`'s.
 * - `owner` (test): `signUp('owner')`.
 * - `before` (test, with `admin` or `signUp`): the rows every account had before the test. After
 *   the test's own cleanup the test fails if the admin still sees a row that was not there before
 *   (nothing left behind: no trigger, medium, A/B test, segment or live admin campaign).
 * - `inbox` (test, with `options.smtpInbox`): the SMTP inbox the file's server sends to. It is shared
 *   by the file's tests, which keep apart by each using addresses of its own (`uniqueEmail`).
 */
export function e2eTest(options: E2eOptions = {}) {
  return (
    test
      .extend(
        'smtp',
        { scope: 'file' },
        // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
        async ({}, { onCleanup }): Promise<SmtpInbox | undefined> => {
          if (!options.smtpInbox) return undefined;
          const inbox = await startSmtpInbox();
          onCleanup(() => inbox.close());
          return inbox;
        },
      )
      .extend('server', { scope: 'file' }, async ({ smtp }, { onCleanup }): Promise<RunningServer> => {
        const mail: Record<string, string> = smtp ? { SMTP_URL: smtp.url } : {};
        const server = await startServer({ TRUST_PROXY: 'true', ...mail, ...options.serverEnv });
        onCleanup(() => server.stop());
        return server;
      })
      // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
      .extend('browser', { scope: 'file' }, async ({}, { onCleanup }): Promise<Browser> => {
        const browser = options.microphone
          ? await launchBrowserWithMicrophone(options.microphone(), options.browserArgs)
          : await launchBrowser(options.browserArgs);
        onCleanup(() => browser.close());
        return browser;
      })
      .extend(
        'fileAdmin',
        { scope: 'file' },
        async ({ server, browser }, { onCleanup }): Promise<Account> => {
          const admin = await signUp(browser, server.baseUrl, 'admin@example.com', options.viewport);
          if (admin.user.role !== 'admin') throw new Error(`the file's first account is ${admin.user.role}`);
          onCleanup(() => admin.page.context().close());
          return admin;
        },
      )
      .extend('before', async ({ fileAdmin }, { onCleanup }): Promise<Rows> => {
        // Set up before `admin` and `signUp` (both depend on it), so torn down after them: once the
        // test's accounts are deleted and the admin's rows removed, the admin, who lists every
        // account's rows, must see nothing the test made.
        const before = await listRows(fileAdmin.page.request);
        onCleanup(async () => {
          const left = describeRows(newRows(before, await listRows(fileAdmin.page.request)));
          if (left) throw new Error(`the test left rows behind: ${left}`);
        });
        return before;
      })
      .extend('admin', async ({ fileAdmin, before }, { onCleanup }): Promise<Account> => {
        // The admin lives for the file: what it made during the test (through the helpers, the
        // screens or the API) is deleted after it, in the order the server allows (leftovers.ts).
        onCleanup(async () => {
          const request = fileAdmin.page.request;
          const made = newRows(before, await listRows(request));
          const own = (row: { ownerId: number | null }) => row.ownerId === fileAdmin.user.id;
          await deleteRows(request, {
            abTests: made.abTests.filter(own),
            triggers: made.triggers.filter(own),
            // Segments are listed without their owner: the admin deletes every new one, which
            // only the A/B files make, as the admin.
            segments: made.segments,
            media: made.media.filter(own),
            campaigns: made.campaigns.filter(own),
          });
        });
        return { ...fileAdmin, ...accountApi(fileAdmin.page) };
      })
      .extend('accounts', async ({ before }, { onCleanup }): Promise<Account[]> => {
        // `before` needs `fileAdmin`, so the admin is the server's first account and every account
        // here is a creator.
        void before;
        const accounts: Account[] = [];
        onCleanup(async () => {
          // The latest first: one that joined another's team leaves before that team goes.
          for (const account of accounts.reverse()) await deleteAccount(account);
        });
        return accounts;
      })
      .extend('signUp', ({ server, browser, accounts }) => {
        return async (label: string, viewport = options.viewport): Promise<Account> => {
          const account = await signUp(browser, server.baseUrl, uniqueEmail(label), viewport);
          accounts.push(account);
          return account;
        };
      })
      .extend('adoptAccount', ({ accounts }) => {
        return async (page: Page, email: string, password = PASSWORD): Promise<Account> => {
          const me = await page.request.get('/api/auth/me');
          await expectStatus(me, 200, `the account ${email} signed in on the page`);
          const { user } = (await me.json()) as { user: PublicUser };
          const account = { user, email, password, page, ...accountApi(page) };
          accounts.push(account);
          return account;
        };
      })
      .extend('owner', ({ signUp }) => signUp('owner'))
      .extend('inbox', ({ smtp }): SmtpInbox => {
        if (!smtp) throw new Error('the inbox fixture needs e2eTest({ smtpInbox: true })');
        return smtp;
      })
  );
}
