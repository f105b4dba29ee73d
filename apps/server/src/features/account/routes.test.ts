import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { linkIn, type SmtpInbox, startSmtpInbox } from '../../test/smtp-inbox.ts';
import { createTestApp, sessionCookie, signUp, type TestApp } from '../../test/test-app.ts';

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe.each(TEST_DRIVERS)('account lifecycle over SMTP (%s)', (driver) => {
  let t: TestApp;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createTestApp(driver, { SMTP_URL: inbox.url, APP_URL: 'https://tonemark.test' });
    await signUp(t.app, 'admin@example.com');
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  const post = (url: string, payload: unknown, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  const login = (email: string, password: string) => post('/api/auth/login', { email, password });

  it('sends a verification link on sign-up that verifies the address once', async () => {
    const { cookie } = await signUp(t.app, 'vera@example.com');
    expect((await me(cookie)).json().user.emailVerified).toBe(false);
    const mail = await inbox.waitFor('vera@example.com', /Verify/);
    const link = linkIn(mail, '/verify-email');
    expect(link.startsWith('https://tonemark.test/verify-email?token=')).toBe(true);
    expect((await post('/api/account/verify-email', { token: tokenOf(link) })).statusCode).toBe(200);
    expect((await me(cookie)).json().user.emailVerified).toBe(true);
    const again = await post('/api/account/verify-email', { token: tokenOf(link) });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_LINK');
  });

  it('resets a forgotten password through the e-mailed link, once, and signs every device out', async () => {
    const { cookie } = await signUp(t.app, 'rita@example.com');
    const other = sessionCookie(await login('rita@example.com', 'password-123'));
    const unknown = await post('/api/account/forgot-password', { email: 'nobody@example.com' });
    const known = await post('/api/account/forgot-password', { email: 'Rita@Example.com' });
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(unknown.json().message).toBe(known.json().message);
    const link = linkIn(await inbox.waitFor('rita@example.com', /Reset/), '/reset-password');
    const short = await post('/api/account/reset-password', { token: tokenOf(link), password: 'short' });
    expect(short.statusCode).toBe(400);
    const reset = await post('/api/account/reset-password', {
      token: tokenOf(link),
      password: 'new-password-456',
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login('rita@example.com', 'password-123')).statusCode).toBe(401);
    expect((await login('rita@example.com', 'new-password-456')).statusCode).toBe(200);
    const reused = await post('/api/account/reset-password', {
      token: tokenOf(link),
      password: 'third-password-789',
    });
    expect(reused.statusCode).toBe(400);
    expect(inbox.messages.some((m) => m.to === 'nobody@example.com')).toBe(false);
  });

  it('refuses a reset link once it has expired', async () => {
    await signUp(t.app, 'old@example.com');
    await post('/api/account/forgot-password', { email: 'old@example.com' });
    const link = linkIn(await inbox.waitFor('old@example.com', /Reset/), '/reset-password');
    await t.database.db.execute(
      // An hour and a bit later.
      (await import('drizzle-orm')).sql`update account_tokens set expires_at = now() - interval '1 minute'`,
    );
    const late = await post('/api/account/reset-password', {
      token: tokenOf(link),
      password: 'new-password-456',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('INVALID_LINK');
  });

  it('changes the password with the current one and signs out the other devices only', async () => {
    const { cookie } = await signUp(t.app, 'paul@example.com');
    const other = sessionCookie(await login('paul@example.com', 'password-123'));
    const wrong = await post(
      '/api/account/change-password',
      { currentPassword: 'not-it-at-all', newPassword: 'new-password-456' },
      cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.currentPassword).toBeDefined();
    const ok = await post(
      '/api/account/change-password',
      { currentPassword: 'password-123', newPassword: 'new-password-456' },
      cookie,
    );
    expect(ok.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await inbox.waitFor('paul@example.com', /password was changed/)).text).toContain('signed out');
  });

  it('changes the e-mail only when the link sent to the new address is opened', async () => {
    const { cookie } = await signUp(t.app, 'eve@example.com');
    const taken = await post(
      '/api/account/change-email',
      { newEmail: 'admin@example.com', currentPassword: 'password-123' },
      cookie,
    );
    expect(taken.statusCode).toBe(409);
    const asked = await post(
      '/api/account/change-email',
      { newEmail: 'eve.new@example.com', currentPassword: 'password-123' },
      cookie,
    );
    expect(asked.statusCode).toBe(202);
    const profile = await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: { cookie } });
    expect(profile.json()).toMatchObject({ email: 'eve@example.com', pendingEmail: 'eve.new@example.com' });
    const link = linkIn(await inbox.waitFor('eve.new@example.com', /Confirm/), '/confirm-email');
    expect((await post('/api/account/confirm-email-change', { token: tokenOf(link) })).statusCode).toBe(200);
    expect((await me(cookie)).json().user).toMatchObject({
      email: 'eve.new@example.com',
      emailVerified: true,
    });
    expect((await inbox.waitFor('eve@example.com', /was changed/)).text).toContain('eve.new@example.com');
    expect((await login('eve.new@example.com', 'password-123')).statusCode).toBe(200);
  });

  it('lists signed-in devices and signs one out, or all the others', async () => {
    const { cookie } = await signUp(t.app, 'dev@example.com');
    const second = sessionCookie(await login('dev@example.com', 'password-123'));
    const third = sessionCookie(await login('dev@example.com', 'password-123'));
    const list = await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie } });
    const sessions = list.json().sessions as { id: string; current: boolean }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const target = sessions.find((s) => !s.current);
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${target?.id}`,
      headers: { cookie },
    });
    expect(ended.statusCode).toBe(204);
    const alive = [(await me(second)).statusCode, (await me(third)).statusCode].sort();
    expect(alive).toEqual([200, 401]);
    expect((await post('/api/account/sessions/sign-out-others', undefined, cookie)).statusCode).toBe(204);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(third)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/sessions/abc',
      headers: { cookie },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('sets and clears the profile name', async () => {
    const { cookie } = await signUp(t.app, 'nina@example.com');
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: { cookie },
      payload: { displayName: '  Nina Simone ' },
    });
    expect(set.json().user.displayName).toBe('Nina Simone');
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: { cookie },
      payload: { displayName: '' },
    });
    expect(cleared.json().user.displayName).toBeNull();
  });

  it('deletes an account with its triggers, media rows and files, after the password and address', async () => {
    const { cookie, user } = await signUp(t.app, 'gone@example.com');
    const trigger = await t.app.inject({
      method: 'POST',
      url: '/api/triggers',
      headers: { cookie },
      payload: { name: 'Doomed', type: 'CUSTOM', actionData: 'x' },
    });
    expect(trigger.statusCode).toBe(201);
    const tonePath = path.join(t.dataDir, 'media', `${trigger.json().publicId}.wav`);
    // The tone is rendered after the answer; deletion waits for it rather than racing it.
    await t.app.triggerTones.idle();
    expect(existsSync(tonePath)).toBe(true);
    const del = (payload: object) =>
      t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie }, payload });
    expect(
      (await del({ currentPassword: 'password-123', confirmEmail: 'someone@else.com' })).statusCode,
    ).toBe(400);
    expect(
      (await del({ currentPassword: 'wrong-password', confirmEmail: 'gone@example.com' })).statusCode,
    ).toBe(400);
    expect(
      (await del({ currentPassword: 'password-123', confirmEmail: 'gone@example.com' })).statusCode,
    ).toBe(204);
    expect(existsSync(tonePath)).toBe(false);
    expect((await me(cookie)).statusCode).toBe(401);
    const { sql } = await import('drizzle-orm');
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from sound_triggers where creator_id = ${user.id}`,
    );
    expect(JSON.stringify(rows)).toContain('"n":0');
    expect((await login('gone@example.com', 'password-123')).statusCode).toBe(401);
  });

  it('keeps the only admin from deleting itself while other accounts depend on it', async () => {
    const admin = sessionCookie(await login('admin@example.com', 'password-123'));
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: admin },
      payload: { currentPassword: 'password-123', confirmEmail: 'admin@example.com' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('LAST_ADMIN');
  });
});
