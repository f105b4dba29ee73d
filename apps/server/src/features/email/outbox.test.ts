import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';

describe('the embedded outbox (no SMTP_URL)', () => {
  let t: TestApp;
  let admin: { cookie: string };
  let creator: { cookie: string };

  beforeAll(async () => {
    t = await createTestApp('postgres');
    admin = await signUp(t.app, 'admin@example.com');
    creator = await signUp(t.app, 'cleo@example.com');
  });
  afterAll(async () => t.close());

  it('keeps each message, with its links, for an admin to read', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/account/forgot-password',
      payload: { email: 'cleo@example.com' },
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/outbox',
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.transport).toBe('outbox');
    const [latest] = body.messages;
    expect(latest).toMatchObject({ to: 'cleo@example.com' });
    expect(latest.subject).toMatch(/Reset your Tonemark password/);
    expect(latest.links[0]).toMatch(/^http:\/\/localhost:5000\/reset-password\?token=[\w-]{43}$/);
    expect(body.messages.map((m: { to: string }) => m.to)).toContain('admin@example.com');
  });

  it('is not readable by other accounts', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/outbox',
      headers: { cookie: creator.cookie },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('e-mail settings', () => {
  it('names a bad SMTP_URL or APP_URL', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => loadConfig({ APP_URL: 'https://example.com/app' })).toThrow(/APP_URL/);
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      APP_URL: 'https://t.example',
    });
    expect(config.email).toMatchObject({
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      appUrl: 'https://t.example',
    });
  });
});
