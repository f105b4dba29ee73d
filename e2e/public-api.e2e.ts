import type { CreatedApiKey } from '@tonemark/shared';
import { describe, expect } from 'vitest';
import { newPage, PHONE } from './support/browser.ts';
import { e2eTest } from './support/fixtures.ts';

// Public API: a creator makes an API key on Account Settings and uses it against /api/v1 from
// outside the browser; /api-docs documents it.
const it = e2eTest()
  .extend('v1', ({ server }) => {
    // Plain fetch from the test process: no cookies, only the key.
    return (path: string, init: { method?: string; body?: unknown; key?: string } = {}) =>
      fetch(`${server.baseUrl}/api/v1${path}`, {
        method: init.method ?? 'GET',
        headers: {
          ...(init.key ? { 'X-API-Key': init.key } : {}),
          ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
  })
  .extend('apiKey', async ({ owner }): Promise<string> => {
    // A key made through the API, for the tests about using and revoking one (making one on the
    // screen is a test of its own).
    const response = await owner.page.request.post('/api/api-keys', { data: { name: 'Build server' } });
    if (response.status() !== 201) throw new Error(`create API key ${response.status()}`);
    return ((await response.json()) as CreatedApiKey).key;
  });

describe('public API: keys on Account Settings, /api/v1 and /api-docs', () => {
  it('creates a key on Account Settings and shows it once', async ({ owner }) => {
    const { page } = owner;
    await page.goto('/admin/settings');
    const card = page.getByTestId('api-keys');
    await expect.poll(() => card.getByText('No API keys yet.').isVisible()).toBe(true);
    await card.getByLabel('Key name').fill('Build server');
    await card.getByRole('button', { name: 'Create key' }).click();
    const value = card.getByTestId('new-api-key-value');
    await expect.poll(() => value.isVisible()).toBe(true);
    const key = (await value.textContent()) ?? '';
    expect(key).toMatch(/^tm_live_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    await expect.poll(() => card.getByTestId('api-key-row').count()).toBe(1);
    const row = card.getByTestId('api-key-row').first();
    expect(await row.textContent()).toContain('Build server');
    expect(await row.textContent()).toContain(key.slice(0, 16));
    expect(await row.textContent()).not.toContain(key.slice(17));
    await card.getByRole('button', { name: 'I have stored it' }).click();
    await expect.poll(() => value.count()).toBe(0);
  });

  it('calls /api/v1/triggers with the key', async ({ owner, apiKey: key, v1 }) => {
    const { page } = owner;
    expect((await v1('/triggers')).status).toBe(401);
    const created = await v1('/triggers', {
      method: 'POST',
      key,
      body: {
        name: 'API jingle',
        type: 'audible',
        frequencyPattern: [1000, 1200, 1500, 1800],
        duration: 2000,
        actionType: 'url',
        actionPayload: 'https://example.com/api',
      },
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { success: boolean; data: { id: number; name: string } };
    expect(body).toMatchObject({ success: true, data: { name: 'API jingle' } });
    const list = (await (await v1('/triggers?active=true', { key })).json()) as {
      success: boolean;
      data: { id: number }[];
    };
    expect(list.success).toBe(true);
    expect(list.data.map((t) => t.id)).toEqual([body.data.id]);
    // The trigger is the account's own: the dashboard shows it too.
    await page.goto('/admin/manage-triggers');
    await expect.poll(() => page.getByText('API jingle').first().isVisible()).toBe(true);
  });

  it('revokes the key on Account Settings, after which it gets 401', async ({ owner, apiKey: key, v1 }) => {
    const { page } = owner;
    expect((await v1('/triggers', { key })).status).toBe(200);
    await page.goto('/admin/settings');
    const card = page.getByTestId('api-keys');
    await expect.poll(() => card.getByTestId('api-key-row').count()).toBe(1);
    expect(await card.getByTestId('api-key-row').first().textContent()).toContain('last used');
    await card.getByTestId('revoke-api-key').click();
    await page.getByTestId('revoke-api-key-dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => card.getByText('No API keys yet.').isVisible()).toBe(true);
    const refused = await v1('/triggers', { key });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ success: false, error: 'Invalid or revoked API key' });
  });

  it('documents the API on /api-docs with its tabs, SDK cards and enterprise contact', async ({
    server,
    browser,
  }) => {
    const visitor = await newPage(browser, server.baseUrl);
    await visitor.goto('/api-docs');
    const header = visitor.getByTestId('api-docs-header');
    for (const [name, href] of [
      ['Home', '/landing'],
      ['Admin', '/admin'],
      ['Listener', '/listener'],
    ] as const) {
      expect(await header.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    await expect.poll(() => visitor.getByTestId('api-docs-auth').textContent()).toContain('X-API-Key');
    expect(await visitor.getByTestId('api-docs-rate-limit').textContent()).toContain(
      '100 requests per minute',
    );
    const tabs = visitor.getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['Triggers', 'Activations', 'Analytics', 'Webhooks']);
    expect(await visitor.getByTestId('api-endpoint').first().textContent()).toContain('/api/v1/triggers');
    await visitor.getByRole('tab', { name: 'Activations' }).click();
    await expect
      .poll(() => visitor.getByTestId('api-endpoint').first().textContent())
      .toContain('/api/v1/activations');
    await visitor.getByRole('tab', { name: 'Analytics' }).click();
    await expect.poll(() => visitor.getByTestId('api-endpoint').first().textContent()).toContain('dateRange');
    await visitor.getByRole('tab', { name: 'Webhooks' }).click();
    await expect
      .poll(() => visitor.getByTestId('webhook-guide').textContent())
      .toContain('webhook-signature');
    expect(await visitor.getByTestId('api-endpoint').first().textContent()).toContain(
      '/api/v1/webhooks/register',
    );

    const sdkCards = visitor.getByTestId('sdk-card');
    expect(await sdkCards.count()).toBe(3);
    const sdkText = (await sdkCards.allTextContents()).join(' ');
    for (const name of ['JavaScript/React', 'Swift (iOS)', 'Java/Kotlin (Android)', 'v1.0.0', 'Planned']) {
      expect(sdkText).toContain(name);
    }
    // The JavaScript card installs the real package this server serves, and the install works.
    const install = `npm install ${server.baseUrl}/sdk/tonemark-sdk-1.0.0.tgz`;
    expect(sdkText).toContain(install);
    const tarball = await visitor.request.get('/sdk/tonemark-sdk-1.0.0.tgz');
    expect(tarball.status()).toBe(200);
    expect((await tarball.body()).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    // Rendered from the OpenAPI document, which the page links to.
    expect(await visitor.getByTestId('openapi-link').getAttribute('href')).toBe('/api/v1/openapi.json');
    const contact = visitor.getByRole('link', { name: 'Contact for Enterprise Access' });
    expect(await contact.getAttribute('href')).toMatch(/^mailto:/);
    await visitor.context().close();
  });

  it('fits a phone screen without sideways scrolling', async ({ server, browser }) => {
    const phone = await newPage(browser, server.baseUrl, PHONE);
    await phone.goto('/api-docs');
    await expect.poll(() => phone.getByRole('tab').count()).toBe(4);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.context().close();
  });
});
