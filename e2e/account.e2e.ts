import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { linkIn } from '../apps/server/src/test/smtp-inbox.ts';
import { newPage } from './support/browser.ts';
import { e2eTest, uniqueEmail } from './support/fixtures.ts';

const it = e2eTest({ smtpInbox: true });

// Issue 14: the account lifecycle through the screens, with e-mail delivered over real SMTP to an
// in-process server and its links followed as a person would. Each test signs up its own account
// (support/fixtures.ts) and reads only the mail sent to its own addresses.
describe('account lifecycle: reset, e-mail change, deletion', () => {
  async function signIn(page: Page, email: string, password: string) {
    await page.goto('/landing?tab=creator');
    const form = page.getByTestId('login-form');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: /Sign In/ }).click();
    await page.waitForURL(/\/admin/);
  }

  it('resets a forgotten password through the link in the e-mail', async ({
    server,
    browser,
    inbox,
    signUp,
  }) => {
    const forgetful = await signUp('forgetful');

    const page = await newPage(browser, server.baseUrl);
    await page.goto('/landing?tab=creator');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill(forgetful.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByTestId('link-outcome').textContent()).toContain('on its way');

    const mail = await inbox.waitFor(forgetful.email, /Reset your Tonemark password/);
    const link = linkIn(mail, '/reset-password');
    expect(link.startsWith(`${server.baseUrl}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await page.getByLabel('New password').fill('new-password-2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect
      .poll(() => page.getByTestId('link-outcome').textContent())
      .toContain('every device was signed out');
    forgetful.password = 'new-password-2';

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New password').fill('third-password-3');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect
      .poll(() => page.getByTestId('link-outcome').textContent())
      .toContain('not valid or has expired');

    await signIn(page, forgetful.email, 'new-password-2');
    await page.context().close();
  });

  it('changes the e-mail only after the link sent to the new address is opened', async ({
    inbox,
    signUp,
  }) => {
    const mover = await signUp('mover');
    const { page } = mover;
    const moved = uniqueEmail('moved');
    await page.goto('/admin/settings');
    const card = page.getByTestId('email-card');
    await card.getByLabel('New e-mail').fill(moved);
    await card.getByLabel('Current password').fill(mover.password);
    await card.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect.poll(() => card.getByTestId('pending-email').textContent()).toContain(moved);
    expect(await page.getByTestId('profile-email').textContent()).toBe(mover.email);

    const link = linkIn(await inbox.waitFor(moved, /Confirm your new e-mail/), '/confirm-email');
    await page.goto(link);
    await expect
      .poll(() => page.getByTestId('link-outcome').textContent())
      .toContain('Your e-mail address is changed');
    const oldEmail = mover.email;
    mover.email = moved;
    await page.goto('/admin/settings');
    await expect.poll(() => page.getByTestId('profile-email').textContent()).toBe(moved);
    expect(await page.getByTestId('email-verified').textContent()).toBe('verified');
    // The old address hears about it.
    expect((await inbox.waitFor(oldEmail, /was changed/)).text).toContain(moved);
  });

  it('deletes an account after its password and address, with its triggers and files', async ({
    server,
    signUp,
  }) => {
    const leaver = await signUp('leaver');
    const { page } = leaver;
    const mediaDir = path.join(server.dataDir, 'media');
    // The file's server is shared by its tests: the files that count are the ones this account adds.
    const earlier = new Set(existsSync(mediaDir) ? readdirSync(mediaDir) : []);
    const trigger = await leaver.createTrigger({ name: 'Bye', type: 'CUSTOM', actionData: 'x' });
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
    const before = readdirSync(mediaDir).filter((name) => !earlier.has(name));
    expect(before).toContain(`${trigger.publicId}.wav`);
    expect(before.length).toBeGreaterThanOrEqual(2);

    await page.goto('/admin/settings');
    await page.getByTestId('delete-account').click();
    const dialog = page.getByTestId('delete-account-dialog');
    await dialog.getByLabel('Your e-mail').fill(leaver.email);
    await dialog.getByLabel('Password').fill('wrong-password');
    await dialog.getByTestId('confirm-delete-account').click();
    await expect.poll(() => dialog.textContent()).toContain('Your current password is not correct');
    await dialog.getByLabel('Password').fill(leaver.password);
    await dialog.getByTestId('confirm-delete-account').click();
    await page.waitForURL(/\/landing$/);

    expect(existsSync(path.join(mediaDir, `${trigger.publicId}.wav`))).toBe(false);
    expect(readdirSync(mediaDir).filter((name) => before.includes(name))).toEqual([]);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    const again = await page.request.post('/api/auth/login', {
      data: { email: leaver.email, password: leaver.password },
    });
    expect(again.status()).toBe(401);
  });
});
