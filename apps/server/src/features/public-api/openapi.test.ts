import { Validator } from '@seriousme/openapi-schema-validator';
import {
  buildOpenApiDocument,
  type OpenApiDocument,
  toFastifyPath,
  V1_BASE_PATH,
  V1_OPERATIONS,
  v1Operation,
} from '@tonemark/shared';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TonemarkClient } from '../../../../../packages/sdk/src/client.ts';
import { TonemarkApiError } from '../../../../../packages/sdk/src/errors.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { checkedAnswers, checkV1Answer } from '../../test/openapi-conformance.ts';
import { freshPattern } from '../../test/patterns.ts';
import { createApiKey, createTestApp, signUp, signUpViewer, type TestApp } from '../../test/test-app.ts';

/** The SDK's fetch, answered by app.inject: the real client code against the real routes. */
function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: init?.headers as Record<string, string>,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(response.body, { status: response.statusCode, headers });
  };
}

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument('http://localhost:5000');

  it('is valid OpenAPI 3.1 by the official schema', async () => {
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.webhooks)).toEqual(['trigger.created', 'trigger.activated']);
    expect(document.components.securitySchemes.ApiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
    });
  });

  it('declares the wrappers, the error statuses and the rate-limit headers', () => {
    const create = document.paths['/api/v1/triggers']?.post;
    expect(Object.keys(create?.responses ?? {}).sort()).toEqual([
      '201',
      '400',
      '401',
      '403',
      '409',
      '413',
      '415',
      '429',
    ]);
    expect(document.components.responses.TooManyRequests).toMatchObject({
      headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
    });
    expect(document.components.schemas.Error).toMatchObject({ required: ['success', 'error', 'code'] });
    const webhookHeaders = document.webhooks['trigger.activated']?.post.parameters?.map((p) => p.name);
    expect(webhookHeaders).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
  });

  it('has examples that match its own schemas and the zod contracts', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ ...document, $id: 'doc' });
    const at = (...parts: string[]) =>
      `doc#/${parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
    for (const operation of V1_OPERATIONS) {
      const path = `${V1_BASE_PATH}${operation.path}`;
      const success = ajv.getSchema(
        at(
          'paths',
          path,
          operation.method,
          'responses',
          String(operation.status),
          'content',
          'application/json',
          'schema',
        ),
      );
      expect(
        success?.({ success: true, data: operation.example.response }),
        `${operation.operationId} response`,
      ).toBe(true);
      expect(operation.response.safeParse(operation.example.response).success).toBe(true);
      if ('body' in operation) {
        const body = ajv.getSchema(
          at('paths', path, operation.method, 'requestBody', 'content', 'application/json', 'schema'),
        );
        expect(body?.(operation.example.body), `${operation.operationId} body`).toBe(true);
        expect(operation.body.safeParse(operation.example.body).success).toBe(true);
      }
      if ('query' in operation && 'query' in operation.example) {
        expect(
          operation.query.safeParse(operation.example.query).success,
          `${operation.operationId} query`,
        ).toBe(true);
      }
    }
    // The refinements zod states in code are in the document too: what it calls valid, the server takes.
    const create = ajv.getSchema(
      at('paths', '/api/v1/triggers', 'post', 'requestBody', 'content', 'application/json', 'schema'),
    );
    const good = v1Operation('createTrigger').example.body;
    expect(create?.(good)).toBe(true);
    expect(create?.({ ...good, name: '   ' })).toBe(false);
    expect(create?.({ ...good, actionPayload: 'javascript:alert(1)' })).toBe(false);
    expect(create?.({ ...good, actionType: 'notification', actionPayload: 'Hello' })).toBe(true);
    for (const event of Object.keys(document.webhooks)) {
      const body = ajv.getSchema(
        at('webhooks', event, 'post', 'requestBody', 'content', 'application/json', 'schema'),
      );
      const example = document.webhooks[event]?.post.requestBody?.content['application/json']?.example;
      expect(body?.(example), event).toBe(true);
    }
  });

  it('makes the conformance check fail on an answer the document does not describe', () => {
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'x-ratelimit-limit': '100',
      'x-ratelimit-remaining': '99',
      'x-ratelimit-reset': '60',
    };
    const good = {
      method: 'GET',
      path: '/api/v1/webhooks',
      status: 200,
      headers,
      body: { success: true, data: [] },
    };
    expect(checkV1Answer(good)).toBeNull();
    expect(checkV1Answer({ ...good, body: { success: true, data: [{ id: 'x' }] } })).toMatch(
      /must be integer/,
    );
    expect(checkV1Answer({ ...good, body: { data: [] } })).toMatch(/success/);
    expect(checkV1Answer({ ...good, status: 418 })).toMatch(/does not declare/);
    expect(checkV1Answer({ ...good, headers: { 'content-type': 'application/json' } })).toMatch(
      /X-RateLimit-Limit/,
    );
    expect(checkV1Answer({ ...good, path: '/api/v1/nope' })).toMatch(/not in the document/);
  });
});

describe.each(TEST_DRIVERS)('/api/v1 against its OpenAPI document (%s)', (driver) => {
  let t: TestApp;
  let client: TonemarkClient;
  let aliceKey: string;
  let bobClient: TonemarkClient;
  let viewerClient: TonemarkClient;

  beforeAll(async () => {
    t = await createTestApp(driver);
    await signUp(t.app, 'admin@example.com');
    const alice = await signUp(t.app, 'alice@example.com');
    const bob = await signUp(t.app, 'bob@example.com');
    const viewer = await signUpViewer(t);
    aliceKey = await createApiKey(t.app, alice.cookie);
    const make = (apiKey: string) =>
      new TonemarkClient({ apiKey, baseUrl: 'http://tonemark.test', fetch: injectFetch(t.app) });
    client = make(aliceKey);
    bobClient = make(await createApiKey(t.app, bob.cookie));
    viewerClient = make(await createApiKey(t.app, viewer.cookie));
  });
  afterAll(async () => t?.close());

  it('serves the document without a key, with this server as its server', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/openapi.json',
      headers: { host: 'api.example.test' },
    });
    expect(response.statusCode).toBe(200);
    const served = response.json<OpenApiDocument>();
    expect(served.servers).toEqual([{ url: 'http://api.example.test' }]);
    expect((await new Validator().validate(served as unknown as Record<string, unknown>)).valid).toBe(true);
  });

  it('documents every /api/v1 route the server has, and no other', () => {
    const routes = new Set(
      t.app.routeCatalogue
        .filter((route) => route.url.startsWith(V1_BASE_PATH) && route.url !== `${V1_BASE_PATH}/*`)
        .filter((route) => route.method !== 'HEAD')
        .map((route) => `${route.method} ${route.url}`),
    );
    const documented = new Set(
      Object.entries(buildOpenApiDocument().paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${toFastifyPath(path)}`),
      ),
    );
    expect([...routes].sort()).toEqual([...documented].sort());
  });

  it('the SDK client lists, creates, reads and updates triggers; errors are typed', async () => {
    const created = await client.triggers.create({
      name: 'SDK trigger',
      type: 'audible',
      frequencyPattern: freshPattern(),
      duration: 2000,
      actionType: 'url',
      actionPayload: 'https://example.com/sdk',
    });
    expect(created).toMatchObject({ name: 'SDK trigger', active: true, actionType: 'url' });
    expect(client.lastRateLimit).toMatchObject({ limit: 100 });

    expect((await client.triggers.list({ active: true, limit: 5 })).map((row) => row.id)).toContain(
      created.id,
    );
    expect(await client.triggers.get(created.id)).toEqual(created);
    const check = await client.triggers.checkPattern({ frequencyPattern: created.frequencyPattern });
    expect(check.confusableWith).toEqual([
      expect.objectContaining({ yours: true, id: created.id, kind: 'same' }),
    ]);
    expect(
      (
        await client.triggers.checkPattern({
          frequencyPattern: created.frequencyPattern,
          excludeId: created.id,
        })
      ).confusableWith,
    ).toEqual([]);

    const updated = await client.triggers.update(created.id, {
      name: 'Renamed',
      active: false,
      actionType: 'notification',
      actionPayload: '{"title":"Prize"}',
    });
    expect(updated).toMatchObject({
      id: created.id,
      name: 'Renamed',
      active: false,
      actionType: 'notification',
    });
    expect((await client.triggers.list({ active: false })).map((row) => row.id)).toContain(created.id);

    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => (error instanceof TonemarkApiError ? error : null),
      );
    const lonely = await failure(client.triggers.update(created.id, { actionType: 'url' }));
    expect(lonely).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      fields: { actionPayload: expect.any(String) },
    });
    const badUrl = await failure(
      client.triggers.update(created.id, { actionType: 'url', actionPayload: 'javascript:x' }),
    );
    expect(badUrl).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(await failure(bobClient.triggers.get(created.id))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(await failure(bobClient.triggers.update(created.id, { name: 'x' }))).toMatchObject({
      status: 404,
    });
    expect(await failure(viewerClient.triggers.update(created.id, { name: 'x' }))).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(await failure(client.triggers.get(0))).toMatchObject({ status: 400 });
  });

  it('the SDK client reads activations and analytics and manages webhooks', async () => {
    const page = await client.activations.list({ limit: 10, startDate: '2026-01-01' });
    expect(page).toMatchObject({ activations: [], total: 0, limit: 10, offset: 0 });
    expect((await client.analytics.get({ dateRange: '7d' })).dateRange).toBe('7d');
    const hook = await client.webhooks
      .register({ url: 'https://example.com/hook', events: ['trigger.created'] })
      .catch((error: unknown) => error);
    // example.com resolves to a public address only where there is DNS; either answer is declared.
    if (hook instanceof TonemarkApiError) expect(hook.status).toBe(400);
    else {
      const registered = hook as { id: number; secret: string };
      expect(registered.secret).toMatch(/^whsec_/);
      expect((await client.webhooks.list()).map((w) => w.id)).toContain(registered.id);
      expect(await client.webhooks.deliveries(registered.id)).toEqual([]);
      expect(await client.webhooks.delete(registered.id)).toEqual({ id: registered.id, deleted: true });
    }
    expect(await client.webhooks.list()).toEqual([]);
  });

  it('answers undeclared methods 405 with Allow, unknown paths 404, bad input 4xx: all as documented', async () => {
    const headers = { 'x-api-key': aliceKey };
    const put = await t.app.inject({ method: 'PUT', url: '/api/v1/triggers', headers });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, POST');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/nothing', headers })).statusCode).toBe(404);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/triggers',
      headers: { ...headers, 'content-type': 'application/xml' },
      payload: '<trigger/>',
    });
    expect(text.statusCode).toBe(415);
    const broken = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/triggers/1',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{',
    });
    expect(broken.statusCode).toBe(400);
    for (const url of [
      '/api/v1/triggers?limit=0',
      '/api/v1/triggers?active=yes',
      '/api/v1/activations?startDate=x',
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers })).statusCode, url).toBe(400);
    }
  });

  it('checked every answer above against the document (the hook ran on each operation)', () => {
    const seen = [...checkedAnswers.keys()];
    for (const operation of V1_OPERATIONS) {
      if (operation.operationId === 'registerWebhook' || operation.operationId === 'listWebhookDeliveries')
        continue;
      if (operation.operationId === 'deleteWebhook') continue;
      const key = `${operation.method.toUpperCase()} ${V1_BASE_PATH}${operation.path} ${operation.status}`;
      expect(seen, key).toContain(key);
    }
    expect(seen).toContain('PUT (unknown) 405');
    expect(seen).toContain('POST /api/v1/triggers 415');
  });
});
