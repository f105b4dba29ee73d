import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  MAX_WEBHOOKS_PER_USER,
  registeredWebhookSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
} from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createApiKey, createTestApp, signUp, signUpViewer, type TestApp } from '../../test/test-app.ts';

// A public address given as a literal: registration checks it without DNS, and no test here
// creates a trigger for its owner, so nothing is ever sent to it.
const PUBLIC_URL = 'https://93.184.216.34/hooks/tonemark';

function request(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  cookie: string | undefined,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload !== undefined ? { payload } : {}),
  });
}

describe.each(TEST_DRIVERS)('/api/webhooks on Account Settings (%s)', (driver) => {
  let t: TestApp;
  let admin: { cookie: string };
  let alice: { cookie: string };
  let bob: { cookie: string };
  let viewer: { cookie: string };

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await signUp(t.app, 'admin@example.com');
    alice = await signUp(t.app, 'alice@example.com');
    bob = await signUp(t.app, 'bob@example.com');
    viewer = await signUpViewer(t, 'viewer@example.com');
  });
  afterAll(async () => t?.close());

  const register = (cookie: string | undefined, payload: object) =>
    request(t.app, 'POST', '/api/webhooks', cookie, payload);

  it('needs a session', async () => {
    expect((await request(t.app, 'GET', '/api/webhooks', undefined)).statusCode).toBe(401);
    expect((await register(undefined, { url: PUBLIC_URL, events: ['trigger.created'] })).statusCode).toBe(
      401,
    );
    expect((await request(t.app, 'DELETE', '/api/webhooks/1', undefined)).statusCode).toBe(401);
    expect((await request(t.app, 'GET', '/api/webhooks/1/deliveries', undefined)).statusCode).toBe(401);
  });

  it('registers a webhook, shows its secret once and lists it without the secret', async () => {
    const created = await register(alice.cookie, {
      url: PUBLIC_URL,
      events: ['trigger.created', 'trigger.activated', 'trigger.created'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const body = registeredWebhookSchema.parse(created.json());
    expect(body.secret).toMatch(/^whsec_/);
    expect(body.events).toEqual(['trigger.created', 'trigger.activated']);

    const list = await request(t.app, 'GET', '/api/webhooks', alice.cookie);
    expect(list.statusCode).toBe(200);
    const endpoints = webhookEndpointSchema.array().parse(list.json());
    expect(endpoints).toEqual([
      { id: body.id, url: PUBLIC_URL, events: body.events, createdAt: body.createdAt },
    ]);
    expect(list.body).not.toContain(body.secret);

    const deliveries = await request(t.app, 'GET', `/api/webhooks/${body.id}/deliveries`, alice.cookie);
    expect(deliveries.statusCode).toBe(200);
    expect(deliveries.json()).toEqual([]);
  });

  it('is the same list as /api/v1/webhooks, in both directions', async () => {
    const { cookie } = await signUp(t.app, 'both-doors@example.com');
    const key = await createApiKey(t.app, cookie);
    const viaApp = registeredWebhookSchema.parse(
      (await register(cookie, { url: PUBLIC_URL, events: ['trigger.activated'] })).json(),
    );
    const v1List = await t.app.inject({ url: '/api/v1/webhooks', headers: { 'x-api-key': key } });
    expect(v1List.json()).toEqual({
      success: true,
      data: [{ id: viaApp.id, url: PUBLIC_URL, events: ['trigger.activated'], createdAt: viaApp.createdAt }],
    });

    const viaKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/register',
      headers: { 'x-api-key': key },
      payload: { url: `${PUBLIC_URL}/v1`, events: ['trigger.created'] },
    });
    expect(viaKey.statusCode).toBe(201);
    const appList = webhookEndpointSchema
      .array()
      .parse((await request(t.app, 'GET', '/api/webhooks', cookie)).json());
    expect(appList.map((endpoint) => endpoint.url).sort()).toEqual([PUBLIC_URL, `${PUBLIC_URL}/v1`]);

    // Deleted in the app, gone from /api/v1 too.
    expect((await request(t.app, 'DELETE', `/api/webhooks/${viaApp.id}`, cookie)).statusCode).toBe(204);
    const after = await t.app.inject({ url: '/api/v1/webhooks', headers: { 'x-api-key': key } });
    expect(after.json().data.map((endpoint: { url: string }) => endpoint.url)).toEqual([`${PUBLIC_URL}/v1`]);
    expect((await request(t.app, 'DELETE', `/api/webhooks/${viaApp.id}`, cookie)).statusCode).toBe(404);
  });

  it('answers 400 naming each bad field, and keeps nothing', async () => {
    const { cookie } = await signUp(t.app, 'bad-input@example.com');
    const bad = await register(cookie, {
      url: 'ftp://example.com',
      events: ['trigger.deleted'],
      secret: 'short',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['events.0', 'secret', 'url']);

    const none = await register(cookie, { url: PUBLIC_URL, events: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('events: Array must contain at least 1 element(s)');

    const missing = await register(cookie, { events: ['trigger.created'] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/^url: /);

    const extra = await register(cookie, { url: PUBLIC_URL, events: ['trigger.created'], name: 'x' });
    expect(extra.statusCode).toBe(400);

    const noBody = await request(t.app, 'POST', '/api/webhooks', cookie);
    expect(noBody.statusCode).toBe(400);

    const badId = await request(t.app, 'GET', '/api/webhooks/abc/deliveries', cookie);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error).toMatch(/^id: /);

    expect((await request(t.app, 'GET', '/api/webhooks', cookie)).json()).toEqual([]);
  });

  it('refuses private and loopback URLs with the /api/v1 policy', async () => {
    const { cookie } = await signUp(t.app, 'private@example.com');
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://10.0.0.5/hook',
      'http://[::1]/hook',
      'http://localhost/hook',
    ]) {
      const response = await register(cookie, { url, events: ['trigger.created'] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION',
        error: 'url: Points to a private or local network address, which is not allowed',
        fields: { url: 'Points to a private or local network address, which is not allowed' },
      });
    }
    expect((await request(t.app, 'GET', '/api/webhooks', cookie)).json()).toEqual([]);
  });

  it(`allows at most ${MAX_WEBHOOKS_PER_USER} per account, counting those made with a key`, async () => {
    const { cookie } = await signUp(t.app, 'many@example.com');
    const key = await createApiKey(t.app, cookie);
    for (let i = 0; i < MAX_WEBHOOKS_PER_USER - 1; i++) {
      expect(
        (await register(cookie, { url: `${PUBLIC_URL}/${i}`, events: ['trigger.created'] })).statusCode,
      ).toBe(201);
    }
    const last = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/register',
      headers: { 'x-api-key': key },
      payload: { url: `${PUBLIC_URL}/last`, events: ['trigger.created'] },
    });
    expect(last.statusCode).toBe(201);
    const over = await register(cookie, { url: `${PUBLIC_URL}/over`, events: ['trigger.created'] });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'WEBHOOK_LIMIT',
      error: `You already have ${MAX_WEBHOOKS_PER_USER} webhooks: delete one before registering another`,
    });
    expect((await request(t.app, 'GET', '/api/webhooks', cookie)).json()).toHaveLength(MAX_WEBHOOKS_PER_USER);
  });

  it("never shows or deletes another account's webhook, not even to an admin", async () => {
    const mine = registeredWebhookSchema.parse(
      (await register(bob.cookie, { url: `${PUBLIC_URL}/bob`, events: ['trigger.created'] })).json(),
    );
    for (const other of [alice, admin]) {
      const list = webhookEndpointSchema
        .array()
        .parse((await request(t.app, 'GET', '/api/webhooks', other.cookie)).json());
      expect(list.some((endpoint) => endpoint.id === mine.id)).toBe(false);
      const log = await request(t.app, 'GET', `/api/webhooks/${mine.id}/deliveries`, other.cookie);
      expect(log.statusCode).toBe(404);
      expect(log.json()).toMatchObject({ code: 'NOT_FOUND', error: 'Webhook not found' });
      expect((await request(t.app, 'DELETE', `/api/webhooks/${mine.id}`, other.cookie)).statusCode).toBe(404);
    }
    const still = webhookEndpointSchema
      .array()
      .parse((await request(t.app, 'GET', '/api/webhooks', bob.cookie)).json());
    expect(still.map((endpoint) => endpoint.id)).toEqual([mine.id]);
  });

  it('lets a viewer read but not register or delete', async () => {
    expect((await request(t.app, 'GET', '/api/webhooks', viewer.cookie)).json()).toEqual([]);
    const created = await register(viewer.cookie, { url: PUBLIC_URL, events: ['trigger.created'] });
    expect(created.statusCode).toBe(403);
    expect(created.json().code).toBe('FORBIDDEN');
    expect((await request(t.app, 'DELETE', '/api/webhooks/1', viewer.cookie)).statusCode).toBe(403);
    expect((await request(t.app, 'GET', '/api/webhooks', viewer.cookie)).json()).toEqual([]);
  });
});

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

describe.each(TEST_DRIVERS)('/api/webhooks deliveries (%s)', (driver) => {
  let t: TestApp;
  let receiver: Server;
  let receiverUrl: string;
  const received: Received[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      driver,
      { ALLOW_PRIVATE_MEDIA_URLS: 'true' },
      { webhookDelivery: { retryDelaysMs: [100], timeoutMs: 5000 } },
    );
    receiver = createServer((incoming, response) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        received.push({ headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  const register = (cookie: string, payload: object) =>
    request(t.app, 'POST', '/api/webhooks', cookie, payload);

  it('logs the signed delivery of a trigger created in the app', async () => {
    const { cookie } = await signUp(t.app, 'deliveries@example.com');
    const endpoint = registeredWebhookSchema.parse(
      (await register(cookie, { url: receiverUrl, events: ['trigger.created'] })).json(),
    );
    const created = await request(t.app, 'POST', '/api/triggers', cookie, {
      name: 'Delivered',
      type: 'CUSTOM',
      actionData: 'hello',
    });
    expect(created.statusCode).toBe(201);
    await t.app.webhooks.idle();

    expect(received).toHaveLength(1);
    const [delivery] = received as [Received];
    const payload = new Webhook(endpoint.secret).verify(delivery.body, {
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    }) as { type: string; data: { name: string } };
    expect(payload).toMatchObject({ type: 'trigger.created', data: { name: 'Delivered' } });

    const log = await request(t.app, 'GET', `/api/webhooks/${endpoint.id}/deliveries`, cookie);
    expect(log.statusCode).toBe(200);
    const deliveries = webhookDeliverySchema.array().parse(log.json());
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      messageId: delivery.headers['webhook-id'],
      event: 'trigger.created',
      attempt: 1,
      succeeded: true,
      responseStatus: 204,
      error: null,
    });
  });
});
