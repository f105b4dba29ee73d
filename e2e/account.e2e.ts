import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, type SmtpInbox, startSmtpInbox } from '../apps/server/src/test/smtp-inbox.ts';
import { createTriggerViaApi, signUpViaApi } from './support/accounts.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Issue 14: the account lifecycle through the screens, with e-mail delivered over real SMTP to an
// in-process server and its links followed as a person would.
describe('account lifecycle: reset, e-mail change, deletion', () => {
  let server: RunningServer;
  let browser: Browser;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    server = await startServer({ SMTP_URL: inbox.url });
    browser = await launchBrowser();
    const founder = await newPage(browser, server.baseUrl);
    await signUpViaApi(founder, 'founder@example.com');
    await founder.context().close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await inbox?.close();
  });

  async function signIn(page: Page, email: string, password: string) {
    await page.goto('/landing?tab=creator');
    const form = page.getByTestId('login-form');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: /Sign In/ }).click();
    await page.waitForURL(/\/admin/);
  }

  it('resets a forgotten password through the link in the e-mail', async () => {
    const setup = await newPage(browser, server.baseUrl);
    await signUpViaApi(setup, 'forgetful@example.com', 'old-password-1');
    await setup.context().close();

    const page = await newPage(browser, server.baseUrl);
    await page.goto('/landing?tab=creator');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill('forgetful@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByTestId('link-outcome').textContent()).toContain('on its way');

    const mail = await inbox.waitFor('forgetful@example.com', /Reset your Tonemark password/);
    const link = linkIn(mail, '/reset-password');
    expect(link.startsWith(`${server.baseUrl}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await page.getByLabel('New password').fill('new-password-2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect
      .poll(() => page.getByTestId('link-outcome').textContent())
      .toContain('every device was signed out');

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New password').fill('third-password-3');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect
      .poll(() => page.getByTestId('link-outcome').textContent())
      .toContain('not valid or has expired');

    await signIn(page, 'forgetful@example.com', 'new-password-2');
    await page.context().close();
  });

  it('changes the e-mail only after the link sent to the new address is opened', async () => {
    const page = await newPage(browser, server.baseUrl);
    await signUpViaApi(page, 'mover@example.com');
    await page.goto('/admin/settings');
    const card = page.getByTestId('email-card');
    await card.getByLabel('New e-mail').fill('moved@example.com');
    await card.getByLabel('Current password').fill('password-123');
    await card.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect.poll(() => card.getByTestId('pending-email').textContent()).toContain('moved@example.com');
    expect(await page.getByTestId('profile-email').textContent()).toBe('mover@example.com');

    const link = linkIn(
      await inbox.waitFor('moved@example.com', /Confirm your new e-mail/),
      '/confirm-email',
    );
    await page.goto(link);
    await expect
      .poll(() => page.getByTestId('link-outcome').textContent())
      .toContain('Your e-mail address is changed');
    await page.goto('/admin/settings');
    await expect.poll(() => page.getByTestId('profile-email').textContent()).toBe('moved@example.com');
    expect(await page.getByTestId('email-verified').textContent()).toBe('verified');
    // The old address hears about it.
    expect((await inbox.waitFor('mover@example.com', /was changed/)).text).toContain('moved@example.com');
    await page.context().close();
  });

  it('deletes an account after its password and address, with its triggers and files', async () => {
    const page = await newPage(browser, server.baseUrl);
    await signUpViaApi(page, 'leaver@example.com');
    const trigger = (await createTriggerViaApi(page, { name: 'Bye', type: 'CUSTOM', actionData: 'x' })) as {
      publicId?: string;
    };
    const wav = path.join(server.dataDir, 'leaver.wav');
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=f=440:d=2', wav]);
    await page.goto('/admin/media-management');
    const upload = await page.request.post('/api/media/upload', {
      multipart: {
        mediaFile: { name: 'leaver.wav', mimeType: 'audio/wav', buffer: readFileSync(wav) },
        title: 'Leaving',
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const mediaDir = path.join(server.dataDir, 'media');
    const before = readdirSync(mediaDir);
    expect(before).toContain(`${trigger.publicId}.wav`);
    expect(before.length).toBeGreaterThanOrEqual(2);

    await page.goto('/admin/settings');
    await page.getByTestId('delete-account').click();
    const dialog = page.getByTestId('delete-account-dialog');
    await dialog.getByLabel('Your e-mail').fill('leaver@example.com');
    await dialog.getByLabel('Password').fill('wrong-password');
    await dialog.getByTestId('confirm-delete-account').click();
    await expect.poll(() => dialog.textContent()).toContain('Your current password is not correct');
    await dialog.getByLabel('Password').fill('password-123');
    await dialog.getByTestId('confirm-delete-account').click();
    await page.waitForURL(/\/landing$/);

    expect(existsSync(path.join(mediaDir, `${trigger.publicId}.wav`))).toBe(false);
    expect(readdirSync(mediaDir).filter((name) => before.includes(name))).toEqual([]);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    const again = await page.request.post('/api/auth/login', {
      data: { email: 'leaver@example.com', password: 'password-123' },
    });
    expect(again.status()).toBe(401);
    await page.context().close();
  });
});
