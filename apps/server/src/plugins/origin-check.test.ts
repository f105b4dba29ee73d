import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../features/media/testing/multipart.ts';
import { createTestApp, signUp, type TestApp } from '../test/test-app.ts';

const FOREIGN = 'https://evil.example';
const OWN = 'http://localhost:80';

describe('cross-site requests are refused', () => {
  let t: TestApp;
  let cookie: string;
  let apiKey: string;
  beforeAll(async () => {
    t = await createTestApp('postgres', { TRUSTED_ORIGINS: 'http://localhost:5173' });
    ({ cookie } = await signUp(t.app));
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { cookie },
      payload: { name: 'k' },
    });
    apiKey = key.json<{ key: string }>().key;
  });
  afterAll(async () => t?.close());

  const createTrigger = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/triggers',
      headers: { cookie, host: 'localhost:80', ...headers },
      payload: { name: 'Origin test', type: 'CUSTOM', actionData: 'x' },
    });

  it('refuses a JSON write from a foreign Origin or a cross-site fetch', async () => {
    const attempts: Record<string, string>[] = [
      { origin: FOREIGN },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of attempts) {
      const response = await createTrigger(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toMatchObject({ code: 'CROSS_SITE' });
    }
  });

  it('accepts its own origin, a trusted origin and non-browser callers', async () => {
    expect((await createTrigger({ origin: OWN, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    expect((await createTrigger({ origin: 'http://localhost:5173' })).statusCode).toBe(201);
    expect((await createTrigger({})).statusCode).toBe(201);
  });

  it('refuses a cross-site multipart upload and a cross-site sign-out', async () => {
    const form = multipart(
      { title: 'x' },
      { field: 'mediaFile', filename: 'a.wav', content: { kind: 'buffer', bytes: new Uint8Array(10) } },
    );
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { ...form.headers, cookie, origin: FOREIGN },
      payload: form.payload,
    });
    expect(upload.statusCode).toBe(403);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: FOREIGN },
    });
    expect(signOut.statusCode).toBe(403);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('keeps /api/v1 (API keys) and the payment webhook working without an Origin', async () => {
    const v1 = await t.app.inject({
      method: 'POST',
      url: '/api/v1/triggers',
      headers: { 'x-api-key': apiKey },
      payload: {
        name: 'From a script',
        type: 'audible',
        frequencyPattern: [1000, 1200, 1500, 1800],
        duration: 2000,
        actionType: 'url',
        actionPayload: 'https://example.com/x',
      },
    });
    expect(v1.statusCode).toBe(201);
    const webhook = await t.app.inject({ method: 'POST', url: '/api/payments/webhook', payload: {} });
    expect(webhook.statusCode).not.toBe(403);
  });

  it('refuses a WebSocket from a foreign Origin and accepts its own', async () => {
    await expect(t.app.injectWS('/ws', { headers: { cookie, origin: FOREIGN } })).rejects.toThrow(/403/);
    const socket = await t.app.injectWS('/ws', {
      headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(socket.readyState).toBe(socket.OPEN);
    socket.terminate();
  });
});
