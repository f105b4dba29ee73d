import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RegisteredWebhook, WebhookEvent } from '@tonemark/shared';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { describe, expect } from 'vitest';
import { PHONE } from './support/browser.ts';
import { e2eTest } from './support/fixtures.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** An HTTP receiver on this machine, one per test, that keeps what it is sent. */
interface Receiver {
  url: string;
  received: Received[];
}

// Receivers on this machine are allowed by ALLOW_PRIVATE_MEDIA_URLS. Each test has its own receiver
// and account (so its own webhooks and deliveries), deleted after it.
const it = e2eTest({ serverEnv: { ALLOW_PRIVATE_MEDIA_URLS: 'true' } }).extend(
  'receiver',
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
  async ({}, { onCleanup }): Promise<Receiver> => {
    const received: Received[] = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/tonemark`, received };
  },
);

/** Registers a webhook for `page`'s account through the API, as the Settings form does. */
async function addWebhook(page: Page, url: string, events: WebhookEvent[]): Promise<RegisteredWebhook> {
  const response = await page.request.post('/api/webhooks', { data: { url, events } });
  expect(response.status()).toBe(201);
  return (await response.json()) as RegisteredWebhook;
}

// Webhooks on Account Settings: a creator adds one for a receiver on this machine, creates a
// trigger, and watches the signed delivery arrive and be logged.
describe('webhooks on Account Settings', () => {
  it('checks the form, then adds a webhook and shows its secret once', async ({ owner, receiver }) => {
    const { page } = owner;
    await page.goto('/admin/settings');
    const card = page.getByTestId('webhooks');
    await expect.poll(() => card.getByText('No webhooks yet.').isVisible()).toBe(true);

    await card.getByLabel('Endpoint URL').fill('javascript:alert(1)');
    await card.getByRole('button', { name: 'Add webhook' }).click();
    await expect.poll(() => card.getByText('Must be an http or https URL').isVisible()).toBe(true);

    await card.getByLabel('Endpoint URL').fill(receiver.url);
    await card.getByRole('checkbox', { name: /trigger\.activated/ }).uncheck();
    await card.getByRole('button', { name: 'Add webhook' }).click();
    const value = card.getByTestId('new-webhook-secret-value');
    await expect.poll(() => value.isVisible()).toBe(true);
    const secret = (await value.textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);

    await expect.poll(() => card.getByTestId('webhook-row').count()).toBe(1);
    const row = card.getByTestId('webhook-row').first();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(receiver.url);
    expect(text).toContain('trigger.created');
    expect(text).not.toContain('trigger.activated');
    expect(text).not.toContain(secret);
    await card.getByRole('button', { name: 'I have stored it' }).click();
    await expect.poll(() => value.count()).toBe(0);
    const [saved] = (await (await page.request.get('/api/webhooks')).json()) as { events: string[] }[];
    expect(saved?.events).toEqual(['trigger.created']);
  });

  it('shows the signed delivery of a new trigger in the Deliveries view', async ({ owner, receiver }) => {
    const { page } = owner;
    const { secret } = await addWebhook(page, receiver.url, ['trigger.created']);
    await page.goto('/admin/settings');
    const row = page.getByTestId('webhook-row').first();
    await row.getByTestId('webhook-deliveries-toggle').click();
    await expect.poll(() => row.getByText('No deliveries yet.', { exact: false }).isVisible()).toBe(true);

    const trigger = await owner.createTrigger({ name: 'Hooked jingle', type: 'CUSTOM', actionData: 'hi' });
    const delivery = row.getByTestId('webhook-delivery-row');
    await expect.poll(() => delivery.count(), { timeout: 20_000 }).toBe(1);
    const rowText = (await delivery.first().textContent()) ?? '';
    expect(rowText).toContain('trigger.created');
    expect(rowText).toContain('Attempt 1');
    expect(rowText).toContain('Delivered');
    expect(await delivery.first().getByTestId('webhook-delivery-outcome').textContent()).toMatch(
      /^HTTP 2\d\d$/,
    );

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received as [Received];
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

  it('fits a phone screen with the deliveries open', async ({ signUp, receiver }) => {
    const account = await signUp('hook-phone', PHONE);
    const phone = account.page;
    await phone.goto('/admin/settings');
    const card = phone.getByTestId('webhooks');
    await card.getByLabel('Endpoint URL').fill(`${receiver.url}/a-rather-long-path/for-a-phone-screen`);
    await card.getByRole('button', { name: 'Add webhook' }).click();
    await expect.poll(() => card.getByTestId('webhook-row').count()).toBe(1);
    await account.createTrigger({ name: 'Phone jingle', type: 'CUSTOM', actionData: 'hi' });
    await card.getByTestId('webhook-deliveries-toggle').click();
    await expect.poll(() => card.getByTestId('webhook-delivery-row').count(), { timeout: 20_000 }).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('deletes the webhook after confirmation', async ({ owner, receiver }) => {
    const { page } = owner;
    await addWebhook(page, receiver.url, ['trigger.created', 'trigger.activated']);
    await page.goto('/admin/settings');
    const card = page.getByTestId('webhooks');
    await expect.poll(() => card.getByTestId('webhook-row').count()).toBe(1);
    await card.getByTestId('delete-webhook').click();
    await page.getByTestId('delete-webhook-dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => card.getByText('No webhooks yet.').isVisible()).toBe(true);
    // The notice survives the row it came from being removed.
    await expect.poll(() => page.getByText('Webhook deleted').first().isVisible()).toBe(true);
    const list = await page.request.get('/api/webhooks');
    expect(await list.json()).toEqual([]);
  });
});
