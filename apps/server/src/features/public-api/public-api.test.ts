import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_KEY_PATTERN, type WebhookPayload } from '@tonemark/shared';
import { asc, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookOutbox } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { freshPattern } from '../../test/patterns.ts';
import {
  createApiKey,
  createTestApp,
  signUp,
  signUpViewer,
  startAnotherApp,
  type TestApp,
} from '../../test/test-app.ts';
import { recordActivation } from '../activations/record-activation.ts';

const shapeB = {
  name: 'Podcast outro',
  type: 'audible',
  frequencyPattern: [1000, 1200, 1500, 1800],
  duration: 2000,
  actionType: 'url',
  actionPayload: 'https://example.com/outro',
};

describe.each(TEST_DRIVERS)('public API (%s)', (driver) => {
  let t: TestApp;
  let alice: { cookie: string; user: { id: number } };
  let bob: { cookie: string; user: { id: number } };
  let aliceKey: string;
  let bobKey: string;

  beforeAll(async () => {
    t = await createTestApp(driver, {}, {});
    await signUp(t.app, 'admin@example.com');
    alice = await signUp(t.app, 'alice@example.com');
    bob = await signUp(t.app, 'bob@example.com');
    aliceKey = await createApiKey(t.app, alice.cookie);
    bobKey = await createApiKey(t.app, bob.cookie);
  });
  afterAll(async () => t?.close());

  const v1 = (method: 'GET' | 'POST' | 'DELETE', url: string, key: string | undefined, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: key ? { 'x-api-key': key } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  describe('API keys', () => {
    it('needs a session', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/api-keys' })).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/api-keys', payload: { name: 'x' } })).statusCode,
      ).toBe(401);
    });

    it('shows the full key once, then only its prefix', async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: { cookie: alice.cookie },
        payload: { name: 'Server' },
      });
      expect(created.statusCode).toBe(201);
      expect(created.headers['cache-control']).toBe('no-store');
      const body = created.json<{ id: number; key: string; prefix: string; name: string }>();
      expect(body.key).toMatch(API_KEY_PATTERN);
      expect(body.key.startsWith(`${body.prefix}_`)).toBe(true);
      expect(body.name).toBe('Server');

      const list = await t.app.inject({
        method: 'GET',
        url: '/api/api-keys',
        headers: { cookie: alice.cookie },
      });
      const keys = list.json<Record<string, unknown>[]>();
      expect(keys.map((k) => k.name)).toEqual(['Server', 'Test key']);
      expect(JSON.stringify(keys)).not.toContain(body.key.slice(-43));
      expect(keys.every((k) => !('key' in k) && !('hash' in k))).toBe(true);
    });

    it('names the bad field', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: { cookie: alice.cookie },
        payload: { name: '' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('name: String must contain at least 1 character(s)');
    });

    it('revokes a key: it stops working at once, and others cannot revoke it', async () => {
      const key = await createApiKey(t.app, alice.cookie, 'Short-lived');
      expect((await v1('GET', '/api/v1/triggers', key)).statusCode).toBe(200);
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/api-keys',
        headers: { cookie: alice.cookie },
      });
      const id = list.json<{ id: number; name: string }[]>().find((k) => k.name === 'Short-lived')?.id;
      const byBob = await t.app.inject({
        method: 'DELETE',
        url: `/api/api-keys/${id}`,
        headers: { cookie: bob.cookie },
      });
      expect(byBob.statusCode).toBe(404);
      const revoked = await t.app.inject({
        method: 'DELETE',
        url: `/api/api-keys/${id}`,
        headers: { cookie: alice.cookie },
      });
      expect(revoked.statusCode).toBe(204);
      const after = await v1('GET', '/api/v1/triggers', key);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({
        success: false,
        error: 'Invalid or revoked API key',
        code: 'UNAUTHORIZED',
      });
    });
  });

  describe('/api/v1 authentication and wrapping', () => {
    it('answers 401 wrapped without a key, with a malformed key and with an unknown key', async () => {
      const missing = await v1('GET', '/api/v1/triggers', undefined);
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual({
        success: false,
        error: 'Missing X-API-Key header',
        code: 'UNAUTHORIZED',
      });
      for (const bad of [
        'nonsense',
        // The secret's last character changed (to one it is not already).
        `${aliceKey.slice(0, -1)}${aliceKey.endsWith('A') ? 'B' : 'A'}`,
        aliceKey.replace(/^tm_live_.{8}/, 'tm_live_00000000'),
      ]) {
        const response = await v1('GET', '/api/v1/analytics', bad);
        expect(response.statusCode).toBe(401);
        expect(response.json().success).toBe(false);
      }
    });

    it('wraps unknown routes and bad JSON', async () => {
      const unknown = await v1('GET', '/api/v1/nothing-here', aliceKey);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      const badJson = await t.app.inject({
        method: 'POST',
        url: '/api/v1/triggers',
        headers: { 'x-api-key': aliceKey, 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(badJson.statusCode).toBe(400);
      expect(badJson.json()).toEqual({
        success: false,
        error: 'Request body is not valid JSON',
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      });
    });

    it('records when a key was last used', async () => {
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/api-keys',
        headers: { cookie: bob.cookie },
      });
      expect(list.json<{ lastUsedAt: string | null }[]>()[0]?.lastUsedAt).toBeNull();
      await v1('GET', '/api/v1/triggers', bobKey);
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/api-keys',
        headers: { cookie: bob.cookie },
      });
      expect(after.json<{ lastUsedAt: string | null }[]>()[0]?.lastUsedAt).not.toBeNull();
    });
  });

  describe('triggers', () => {
    it('creates a trigger in shape B and lists it in shape B', async () => {
      const created = await v1('POST', '/api/v1/triggers', aliceKey, shapeB);
      expect(created.statusCode).toBe(201);
      const body = created.json();
      expect(body.success).toBe(true);
      expect(body.data).toMatchObject({ ...shapeB, active: true, frequency: 1000 });
      expect(body.data.publicId).toMatch(/^tm_trg_/);
      // The same row through the session API, in shape A.
      const shapeA = await t.app.inject({
        method: 'GET',
        url: `/api/triggers/${body.data.id}`,
        headers: { cookie: alice.cookie },
      });
      expect(shapeA.json()).toMatchObject({
        type: 'URL',
        action: 'OPEN_URL',
        signal: 'audible',
        durationMs: 2000,
      });

      const list = await v1('GET', '/api/v1/triggers', aliceKey);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({
        success: true,
        data: [{ id: body.data.id, name: 'Podcast outro' }],
      });
    });

    it('names each missing or bad field', async () => {
      const empty = await v1('POST', '/api/v1/triggers', aliceKey, {});
      expect(empty.statusCode).toBe(400);
      const error = empty.json();
      expect(error.success).toBe(false);
      for (const field of ['name', 'type', 'frequencyPattern', 'duration', 'actionType', 'actionPayload']) {
        expect(error.fields[field]).toBe('Required');
        expect(error.error).toContain(`${field}: Required`);
      }
      const bad = await v1('POST', '/api/v1/triggers', aliceKey, {
        ...shapeB,
        type: 'loud',
        actionPayload: 'javascript:alert(1)',
        frequencyPattern: [1000, 1200, 1500, 99_999],
        extra: true,
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields).sort()).toEqual(['(body)', 'frequencyPattern.3', 'type']);
      const badUrl = await v1('POST', '/api/v1/triggers', aliceKey, {
        ...shapeB,
        actionPayload: 'javascript:x',
      });
      expect(badUrl.json().error).toBe('actionPayload: Must be an http or https URL');
    });

    it('filters by type, active and limit, and validates the query', async () => {
      await v1('POST', '/api/v1/triggers', aliceKey, {
        ...shapeB,
        name: 'Quiet',
        type: 'ultrasonic',
        active: false,
      });
      await v1('POST', '/api/v1/triggers', aliceKey, {
        ...shapeB,
        name: 'Reward',
        type: 'combined',
        actionType: 'notification',
        actionPayload: '{"title":"Free coffee"}',
      });
      const names = async (query: string) =>
        (await v1('GET', `/api/v1/triggers${query}`, aliceKey))
          .json<{ data: { name: string }[] }>()
          .data.map((d) => d.name);
      expect(await names('?type=ultrasonic')).toEqual(['Quiet']);
      expect(await names('?active=false')).toEqual(['Quiet']);
      expect((await names('?active=true')).sort()).toEqual(['Podcast outro', 'Reward']);
      expect(await names('?limit=1')).toEqual(['Reward']);
      const badLimit = await v1('GET', '/api/v1/triggers?limit=0', aliceKey);
      expect(badLimit.statusCode).toBe(400);
      expect(badLimit.json().error).toBe('limit: Number must be greater than or equal to 1');
      const badActive = await v1('GET', '/api/v1/triggers?active=yes', aliceKey);
      expect(badActive.json().error).toContain('active: Invalid enum value');
    });

    it("shows a creator only their own triggers, even with an admin's key", async () => {
      expect((await v1('GET', '/api/v1/triggers', bobKey)).json().data).toEqual([]);
      const adminCookie = (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'admin@example.com', password: 'password-123' },
        })
      ).headers['set-cookie'];
      const cookie = String(Array.isArray(adminCookie) ? adminCookie[0] : adminCookie).split(';')[0] ?? '';
      const adminKey = await createApiKey(t.app, cookie);
      expect((await v1('GET', '/api/v1/triggers', adminKey)).json().data).toEqual([]);
    });

    it('applies the plan limit of active triggers, wrapped', async () => {
      // Bob is on the Free plan: 2 active triggers.
      for (let i = 1; i <= 2; i++) {
        expect(
          (
            await v1('POST', '/api/v1/triggers', bobKey, {
              ...shapeB,
              name: `Bob ${i}`,
              frequencyPattern: freshPattern(),
            })
          ).statusCode,
        ).toBe(201);
      }
      const third = await v1('POST', '/api/v1/triggers', bobKey, {
        ...shapeB,
        name: 'Bob 3',
        frequencyPattern: freshPattern(),
      });
      expect(third.statusCode).toBe(403);
      expect(third.json()).toMatchObject({ success: false, code: 'PLAN_LIMIT' });
      expect(third.json().error).toContain('Free plan allows 2');
      // An inactive one does not count against the limit.
      expect(
        (
          await v1('POST', '/api/v1/triggers', bobKey, {
            ...shapeB,
            name: 'Bob off',
            active: false,
            frequencyPattern: freshPattern(),
          })
        ).statusCode,
      ).toBe(201);
    });

    it('refuses creation and webhook registration to a viewer key', async () => {
      const viewer = await signUpViewer(t, 'viewer@example.com');
      const key = await createApiKey(t.app, viewer.cookie);
      const response = await v1('POST', '/api/v1/triggers', key, {
        ...shapeB,
        frequencyPattern: freshPattern(),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().success).toBe(false);
      // Reading stays open to a viewer; registering a webhook is a change, as in the app.
      expect((await v1('GET', '/api/v1/triggers', key)).statusCode).toBe(200);
      const hook = await v1('POST', '/api/v1/webhooks/register', key, {
        url: 'https://example.com/hooks',
        events: ['trigger.created'],
      });
      expect(hook.statusCode).toBe(403);
      expect(hook.json().error).toBe(
        'This API key belongs to a viewer account, which cannot register webhooks',
      );
    });
  });

  describe('activations and analytics', () => {
    it("lists only the key owner's activations, with SPEC §3.3 filters", async () => {
      const aliceTrigger = (await v1('GET', '/api/v1/triggers?type=audible', aliceKey)).json().data[0]
        .id as number;
      const bobTrigger = (await v1('GET', '/api/v1/triggers?limit=1', bobKey)).json().data[0].id as number;
      const detect = (triggerId: number, deviceType: 'Web Listener' | 'Native App') =>
        recordActivation(
          t.database.db,
          { triggerId, deviceType, osVersion: 'Web', batteryImpact: 2 },
          undefined,
        );
      await detect(aliceTrigger, 'Web Listener');
      await detect(aliceTrigger, 'Native App');
      await detect(bobTrigger, 'Web Listener');

      const all = await v1('GET', '/api/v1/activations', aliceKey);
      expect(all.statusCode).toBe(200);
      expect(all.json().data).toMatchObject({ total: 2, limit: 100, offset: 0 });
      expect(
        all.json().data.activations.every((a: { triggerId: number }) => a.triggerId === aliceTrigger),
      ).toBe(true);

      const native = await v1('GET', '/api/v1/activations?deviceType=Native%20App', aliceKey);
      expect(native.json().data.total).toBe(1);
      const byBobsTrigger = await v1('GET', `/api/v1/activations?triggerId=${bobTrigger}`, aliceKey);
      expect(byBobsTrigger.json().data.total).toBe(0);
      const today = new Date().toISOString().slice(0, 10);
      const dated = await v1('GET', `/api/v1/activations?startDate=${today}&endDate=${today}`, aliceKey);
      expect(dated.json().data.total).toBe(2);
      const reversed = await v1(
        'GET',
        '/api/v1/activations?startDate=2026-02-01&endDate=2026-01-01',
        aliceKey,
      );
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json()).toMatchObject({
        success: false,
        error: 'endDate: Must not be before startDate',
      });
      const badDate = await v1('GET', '/api/v1/activations?startDate=yesterday', aliceKey);
      expect(badDate.statusCode).toBe(400);
      expect(badDate.json().error).toMatch(/^startDate: /);
    });

    it('summarises the owner’s figures for a date range', async () => {
      const response = await v1('GET', '/api/v1/analytics?dateRange=7d', aliceKey);
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data).toMatchObject({
        dateRange: '7d',
        totalTriggers: 3,
        activeTriggers: 2,
        totalActivations: 2,
        successRate: 100,
        averageBatteryImpact: 2,
        deviceTypes: { 'Web Listener': 1, 'Native App': 1 },
      });
      expect(Object.values(data.activationsByDay)).toEqual([2]);
      expect(data.topTriggers).toHaveLength(1);
      const all = await v1('GET', '/api/v1/analytics?dateRange=all', aliceKey);
      expect(all.json().data.from).toBeNull();
      const defaulted = await v1('GET', '/api/v1/analytics', aliceKey);
      expect(defaulted.json().data.dateRange).toBe('30d');
      const bad = await v1('GET', '/api/v1/analytics?dateRange=1y', aliceKey);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toContain('dateRange: Invalid enum value');
    });
  });

  describe('webhook registration without the private-URL allowance', () => {
    it('refuses loopback and private URLs, and bad input, naming the field', async () => {
      for (const url of [
        'http://127.0.0.1:9/hook',
        'http://10.0.0.5/hook',
        'http://[::1]/hook',
        'http://localhost/hook',
      ]) {
        const response = await v1('POST', '/api/v1/webhooks/register', aliceKey, {
          url,
          events: ['trigger.created'],
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().fields).toHaveProperty('url');
      }
      const bad = await v1('POST', '/api/v1/webhooks/register', aliceKey, {
        url: 'ftp://example.com',
        events: ['trigger.deleted'],
        secret: 'short',
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields).sort()).toEqual(['events.0', 'secret', 'url']);
      const none = await v1('POST', '/api/v1/webhooks/register', aliceKey, {
        url: 'https://example.com',
        events: [],
      });
      expect(none.json().error).toBe('events: Array must contain at least 1 element(s)');
    });
  });
});

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

describe.each(TEST_DRIVERS)('public API rate limit and webhook delivery (%s)', (driver) => {
  let t: TestApp;
  let receiver: Server;
  let receiverUrl: string;
  const received: Received[] = [];
  // The receiver fails the first request it gets, then accepts; `hold` delays answers.
  let failuresLeft = 1;
  let hold: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    t = await createTestApp(
      driver,
      { ALLOW_PRIVATE_MEDIA_URLS: 'true' },
      {
        apiRateLimit: { max: 5, timeWindow: 60_000 },
        webhookDelivery: { retryDelaysMs: [100, 100], timeoutMs: 5000 },
      },
    );
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        void hold.then(() => {
          if (failuresLeft > 0) {
            failuresLeft--;
            response.writeHead(500).end('try later');
          } else {
            response.writeHead(204).end();
          }
        });
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/tonemark`;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 10_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('limits requests per key and answers 429 wrapped', async () => {
    const { cookie } = await signUp(t.app, 'busy@example.com');
    const first = await createApiKey(t.app, cookie, 'first');
    const second = await createApiKey(t.app, cookie, 'second');
    for (let i = 0; i < 5; i++) {
      expect(
        (await t.app.inject({ url: '/api/v1/triggers', headers: { 'x-api-key': first } })).statusCode,
      ).toBe(200);
    }
    const limited = await t.app.inject({ url: '/api/v1/triggers', headers: { 'x-api-key': first } });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(limited.json().error).toMatch(/^Rate limit exceeded: 5 requests per minute per API key/);
    expect(limited.headers['retry-after']).toBeDefined();
    // Counted per key, not per account or address.
    expect(
      (await t.app.inject({ url: '/api/v1/triggers', headers: { 'x-api-key': second } })).statusCode,
    ).toBe(200);
  });

  it('signs trigger.created, retries after a failed attempt and logs both attempts', async () => {
    const { cookie } = await signUp(t.app, 'hooks@example.com');
    const key = await createApiKey(t.app, cookie);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/register',
      headers: { 'x-api-key': key },
      payload: { url: receiverUrl, events: ['trigger.created', 'trigger.activated', 'trigger.created'] },
    });
    expect(registered.statusCode).toBe(201);
    const endpoint = registered.json().data as { id: number; secret: string; events: string[] };
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(endpoint.events).toEqual(['trigger.created', 'trigger.activated']);

    // The delivery never holds up the request that caused it: the receiver is not answering yet.
    let release = () => {};
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/triggers',
      headers: { 'x-api-key': key },
      payload: { ...shapeB, name: 'Hooked', frequencyPattern: freshPattern() },
    });
    expect(created.statusCode).toBe(201);
    const triggerId = created.json().data.id as number;
    await until(() => received.length === 1, 'the first attempt');
    release();
    await until(() => received.length === 2, 'the retry');
    await t.app.webhooks.idle();

    const [first, retry] = received as [Received, Received];
    expect(retry.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(retry.body).toBe(first.body);
    const verifier = new Webhook(endpoint.secret);
    const payload = verifier.verify(retry.body, {
      'webhook-id': String(retry.headers['webhook-id']),
      'webhook-timestamp': String(retry.headers['webhook-timestamp']),
      'webhook-signature': String(retry.headers['webhook-signature']),
    }) as WebhookPayload<{ id: number; name: string; actionType: string }>;
    expect(payload.type).toBe('trigger.created');
    expect(payload.data).toMatchObject({ id: triggerId, name: 'Hooked', actionType: 'url' });
    // A tampered body or another secret fails verification.
    expect(() =>
      verifier.verify(retry.body.replace('Hooked', 'Hacked'), {
        'webhook-id': String(retry.headers['webhook-id']),
        'webhook-timestamp': String(retry.headers['webhook-timestamp']),
        'webhook-signature': String(retry.headers['webhook-signature']),
      }),
    ).toThrow();

    const log = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id))
      .orderBy(asc(webhookDeliveries.attempt));
    expect(log.map((row) => [row.attempt, row.succeeded, row.responseStatus, row.event])).toEqual([
      [1, false, 500, 'trigger.created'],
      [2, true, 204, 'trigger.created'],
    ]);
    expect(new Set(log.map((row) => row.messageId)).size).toBe(1);
    // The same log through the API, newest first.
    const deliveries = await t.app.inject({
      url: `/api/v1/webhooks/${endpoint.id}/deliveries`,
      headers: { 'x-api-key': key },
    });
    expect(
      deliveries.json().data.map((d: { attempt: number; succeeded: boolean }) => [d.attempt, d.succeeded]),
    ).toEqual([
      [2, true],
      [1, false],
    ]);

    // trigger.created from the session API and trigger.activated from a detection, both signed.
    const viaSession = await t.app.inject({
      method: 'POST',
      url: '/api/triggers',
      headers: { cookie },
      payload: {
        name: 'From the form',
        type: 'CUSTOM',
        actionData: 'hello',
        frequencyPattern: freshPattern(),
      },
    });
    expect(viaSession.statusCode).toBe(201);
    await recordActivation(
      t.database.db,
      { triggerId, deviceType: 'Web Listener', osVersion: 'Web', batteryImpact: 2 },
      undefined,
    );
    await until(() => received.length === 4, 'the session and activation events');
    await t.app.webhooks.idle();
    const events = received.slice(2).map((r) => {
      const verified = verifier.verify(r.body, {
        'webhook-id': String(r.headers['webhook-id']),
        'webhook-timestamp': String(r.headers['webhook-timestamp']),
        'webhook-signature': String(r.headers['webhook-signature']),
      }) as WebhookPayload<{ name?: string; triggerId?: number; deviceType?: string }>;
      return verified;
    });
    expect(events.find((e) => e.type === 'trigger.created')?.data.name).toBe('From the form');
    expect(events.find((e) => e.type === 'trigger.activated')?.data).toMatchObject({
      triggerId,
      deviceType: 'Web Listener',
    });
  });

  it('resumes a retry that was pending when the server stopped', async () => {
    // A server whose first retry is a minute away: it stops before then.
    const before = await startAnotherApp(
      t,
      { ALLOW_PRIVATE_MEDIA_URLS: 'true' },
      {
        webhookDelivery: { retryDelaysMs: [60_000], timeoutMs: 5000 },
      },
    );
    const { cookie } = await signUp(before, 'restart@example.com');
    const key = await createApiKey(before, cookie);
    const registered = await before.inject({
      method: 'POST',
      url: '/api/v1/webhooks/register',
      headers: { 'x-api-key': key },
      payload: { url: receiverUrl, events: ['trigger.created'] },
    });
    const endpointId = registered.json().data.id as number;
    failuresLeft = 1;
    const seen = received.length;
    await before.inject({
      method: 'POST',
      url: '/api/v1/triggers',
      headers: { 'x-api-key': key },
      payload: { ...shapeB, name: 'Restarted', frequencyPattern: freshPattern() },
    });
    await until(() => received.length === seen + 1, 'the first attempt');
    await before.webhooks.idle();
    await before.close();
    const [failed] = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId));
    expect(failed?.succeeded).toBe(false);
    const [pending] = await t.database.db
      .select()
      .from(webhookOutbox)
      .where(eq(webhookOutbox.endpointId, endpointId));
    expect(pending?.deliveredAt).toBeNull();
    expect(pending?.lockedUntil).toBeNull();
    expect(pending?.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now() + 50_000);

    // The minute passes while the server is down; the next start sends the retry at once.
    await t.database.db
      .update(webhookOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(webhookOutbox.endpointId, endpointId));
    const after = await startAnotherApp(
      t,
      { ALLOW_PRIVATE_MEDIA_URLS: 'true' },
      {
        webhookDelivery: { retryDelaysMs: [60_000], timeoutMs: 5000 },
      },
    );
    try {
      await until(() => received.length === seen + 2, 'the resumed retry');
      await after.webhooks.idle();
    } finally {
      await after.close();
    }
    const [first, retry] = received.slice(seen) as [Received, Received];
    expect(retry.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(retry.body).toBe(first.body);
    const log = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(asc(webhookDeliveries.attempt));
    expect(log.map((row) => [row.attempt, row.succeeded])).toEqual([
      [1, false],
      [2, true],
    ]);
    const [delivered] = await t.database.db
      .select()
      .from(webhookOutbox)
      .where(eq(webhookOutbox.endpointId, endpointId));
    expect(delivered).toMatchObject({ attempts: 2, nextAttemptAt: null, lockedUntil: null });
    expect(delivered?.deliveredAt).toBeInstanceOf(Date);
  });

  it('uses a secret the caller supplies, lists and deletes webhooks, and never sends to others', async () => {
    const { cookie } = await signUp(t.app, 'own-secret@example.com');
    const key = await createApiKey(t.app, cookie);
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/register',
      headers: { 'x-api-key': key },
      payload: { url: receiverUrl, events: ['trigger.activated'], secret },
    });
    expect(registered.json().data.secret).toBe(secret);
    const id = registered.json().data.id as number;
    const list = await t.app.inject({ url: '/api/v1/webhooks', headers: { 'x-api-key': key } });
    expect(list.json().data).toEqual([expect.objectContaining({ id, url: receiverUrl })]);
    expect(JSON.stringify(list.json())).not.toContain(secret);

    // Creating a trigger sends nothing: this endpoint only wants trigger.activated.
    const before = received.length;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/triggers',
      headers: { 'x-api-key': key },
      payload: { ...shapeB, frequencyPattern: freshPattern() },
    });
    await t.app.webhooks.idle();
    expect(received.length).toBe(before);

    const { cookie: otherCookie } = await signUp(t.app, 'other@example.com');
    const otherKey = await createApiKey(t.app, otherCookie);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/webhooks/${id}`,
      headers: { 'x-api-key': otherKey },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, error: 'Webhook not found', code: 'NOT_FOUND' });
    const foreignLog = await t.app.inject({
      url: `/api/v1/webhooks/${id}/deliveries`,
      headers: { 'x-api-key': otherKey },
    });
    expect(foreignLog.statusCode).toBe(404);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/webhooks/${id}`,
      headers: { 'x-api-key': key },
    });
    expect(deleted.json()).toEqual({ success: true, data: { id, deleted: true } });
  });
});
