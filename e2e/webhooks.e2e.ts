import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTriggerViaApi, signUpViaApi } from './support/accounts.ts';
import { launchBrowser, newPage, PHONE } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

// Webhooks on Account Settings: a creator adds one for a receiver on this machine (allowed by
// ALLOW_PRIVATE_MEDIA_URLS), creates a trigger, and watches the signed delivery arrive and be logged.
describe('webhooks on Account Settings', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let receiver: Server;
  let receiverUrl = '';
  let secret = '';
  const received: Received[] = [];

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/tonemark`;
    server = await startServer({ ALLOW_PRIVATE_MEDIA_URLS: 'true' });
    browser = await launchBrowser();
    page = await newPage(browser, server.baseUrl);
    await signUpViaApi(page, 'hook-owner@example.com');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('checks the form, then adds a webhook and shows its secret once', async () => {
    await page.goto('/admin/settings');
    const card = page.getByTestId('webhooks');
    await expect.poll(() => card.getByText('No webhooks yet.').isVisible()).toBe(true);

    await card.getByLabel('Endpoint URL').fill('javascript:alert(1)');
    await card.getByRole('button', { name: 'Add webhook' }).click();
    await expect.poll(() => card.getByText('Must be an http or https URL').isVisible()).toBe(true);

    await card.getByLabel('Endpoint URL').fill(receiverUrl);
    await card.getByRole('checkbox', { name: /trigger\.activated/ }).uncheck();
    await card.getByRole('button', { name: 'Add webhook' }).click();
    const value = card.getByTestId('new-webhook-secret-value');
    await expect.poll(() => value.isVisible()).toBe(true);
    secret = (await value.textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);

    await expect.poll(() => card.getByTestId('webhook-row').count()).toBe(1);
    const row = card.getByTestId('webhook-row').first();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(receiverUrl);
    expect(text).toContain('trigger.created');
    expect(text).not.toContain('trigger.activated');
    expect(text).not.toContain(secret);
    await card.getByRole('button', { name: 'I have stored it' }).click();
    await expect.poll(() => value.count()).toBe(0);
  });

  it('shows the signed delivery of a new trigger in the Deliveries view', async () => {
    const row = page.getByTestId('webhook-row').first();
    await row.getByTestId('webhook-deliveries-toggle').click();
    await expect.poll(() => row.getByText('No deliveries yet.', { exact: false }).isVisible()).toBe(true);

    const trigger = await createTriggerViaApi(page, {
      name: 'Hooked jingle',
      type: 'CUSTOM',
      actionData: 'hi',
    });
    const delivery = row.getByTestId('webhook-delivery-row');
    await expect.poll(() => delivery.count(), { timeout: 20_000 }).toBe(1);
    const rowText = (await delivery.first().textContent()) ?? '';
    expect(rowText).toContain('trigger.created');
    expect(rowText).toContain('Attempt 1');
    expect(rowText).toContain('Delivered');
    expect(await delivery.first().getByTestId('webhook-delivery-outcome').textContent()).toMatch(
      /^HTTP 2\d\d$/,
    );

    expect(received).toHaveLength(1);
    const [request] = received as [Received];
    expect(request.headers['webhook-id']).toBeTruthy();
    expect(request.headers['webhook-signature']).toMatch(/^v1,/);
    const payload = new Webhook(secret).verify(request.body, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    }) as { type: string; data: { id: number; name: string } };
    expect(payload).toMatchObject({
      type: 'trigger.created',
      data: { id: trigger.id, name: 'Hooked jingle' },
    });
  });

  it('fits a phone screen with the deliveries open', async () => {
    const phone = await newPage(browser, server.baseUrl, PHONE);
    await signUpViaApi(phone, 'hook-phone@example.com');
    await phone.goto('/admin/settings');
    const card = phone.getByTestId('webhooks');
    await card.getByLabel('Endpoint URL').fill(`${receiverUrl}/a-rather-long-path/for-a-phone-screen`);
    await card.getByRole('button', { name: 'Add webhook' }).click();
    await expect.poll(() => card.getByTestId('webhook-row').count()).toBe(1);
    await createTriggerViaApi(phone, {
      name: 'Phone jingle',
      type: 'CUSTOM',
      actionData: 'hi',
      // Another account already holds the default pattern (409 for an exact copy).
      frequencyPattern: [600, 900, 1300, 1700],
    });
    await card.getByTestId('webhook-deliveries-toggle').click();
    await expect.poll(() => card.getByTestId('webhook-delivery-row').count(), { timeout: 20_000 }).toBe(1);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.context().close();
  });

  it('deletes the webhook after confirmation', async () => {
    const card = page.getByTestId('webhooks');
    await card.getByTestId('delete-webhook').click();
    await page.getByTestId('delete-webhook-dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => card.getByText('No webhooks yet.').isVisible()).toBe(true);
    // The notice survives the row it came from being removed.
    await expect.poll(() => page.getByText('Webhook deleted').first().isVisible()).toBe(true);
    const list = await page.request.get('/api/webhooks');
    expect(await list.json()).toEqual([]);
  });
});
