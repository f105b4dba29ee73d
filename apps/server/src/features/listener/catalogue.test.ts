import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Catalogue, ServerMessage } from '@tonemark/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, givePlan, signUp, startAnotherApp, type TestApp } from '../../test/test-app.ts';

// The private trigger's words, which no anonymous answer may ever carry.
const SECRET = {
  name: 'Secret Sale',
  description: 'Internal: launch week only',
  actionData: 'Use code TONE10',
};

describe.each(TEST_DRIVERS)('public listener catalogue (%s)', (driver) => {
  let t: TestApp;
  let alice: { cookie: string; user: { id: number } };
  let privateId: number;
  let publicId: number;
  const anonymousBodies: string[] = [];
  const sockets: WebSocket[] = [];

  const get = async (headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/listener/catalogue', headers });
    anonymousBodies.push(response.rawPayload.toString('latin1'));
    return response;
  };
  const catalogue = async () => (await get()).json<Catalogue>();
  const createTrigger = async (payload: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/triggers',
      headers: { cookie: alice.cookie },
      payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number; publicId: string }>();
  };

  beforeAll(async () => {
    t = await createTestApp(driver, {}, { listener: { changeCheckMs: 100 } });
    await signUp(t.app, 'admin@example.com');
    alice = await signUp(t.app, 'alice@example.com');
    await givePlan(t, alice.user.id);
    // An anonymous socket hears everything anonymous sockets are sent while the tests run.
    const socket = await t.app.injectWS('/ws');
    sockets.push(socket);
    socket.on('message', (data) => anonymousBodies.push(data.toString()));
    privateId = (
      await createTrigger({
        ...SECRET,
        type: 'REWARD',
        frequencyPattern: [700, 1100, 1600, 1900],
      })
    ).id;
    publicId = (
      await createTrigger({
        name: 'Open Jingle',
        type: 'URL',
        actionData: 'https://example.com/jingle',
        frequencyPattern: [550, 950, 1350, 1750],
        isPublic: true,
      })
    ).id;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    await t.close();
  });

  it('carries patterns only, and the action of public triggers', async () => {
    const body = await catalogue();
    expect(body.version).toMatch(/^[0-9a-f]{20}$/);
    expect(body.triggers).toHaveLength(2);
    const [secret, open] = body.triggers;
    expect(Object.keys(secret ?? {}).sort()).toEqual(
      ['durationMs', 'frequencyPattern', 'publicAction', 'signal', 'publicTriggerId'].sort(),
    );
    expect(secret).toMatchObject({ frequencyPattern: [700, 1100, 1600, 1900], publicAction: null });
    expect(secret?.publicTriggerId).toMatch(/^tml_[0-9a-f]{32}$/);
    expect(open?.publicAction).toEqual({
      name: 'Open Jingle',
      type: 'URL',
      action: 'OPEN_URL',
      actionData: 'https://example.com/jingle',
    });
    // The opaque id is neither the row id nor the tone file's id.
    const text = JSON.stringify(body);
    const rows = await t.app.inject({
      method: 'GET',
      url: '/api/triggers',
      headers: { cookie: alice.cookie },
    });
    for (const row of rows.json<{ publicId: string }[]>()) expect(text).not.toContain(row.publicId);
    expect(text).not.toMatch(new RegExp(`"id":\\s*${privateId}\\b`));
  });

  it('answers conditional requests, compresses, and may be cached briefly', async () => {
    const first = await get();
    expect(first.headers.etag).toMatch(/^"cat-[0-9a-f]{20}"$/);
    expect(first.headers['cache-control']).toContain('max-age=10');
    expect(first.headers.vary).toBe('accept-encoding');
    const again = await get({ 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const gz = await get({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(first.json());
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(first.json());
    expect(br.rawPayload.length).toBeLessThan(first.rawPayload.length);
  });

  it('changes version when a trigger changes, is made public, or stops', async () => {
    const before = await catalogue();
    const patch = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/triggers/${privateId}`,
        headers: { cookie: alice.cookie },
        payload,
      });
    expect((await patch({ frequencyPattern: [700, 1100, 1600, 1850] })).statusCode).toBe(200);
    const moved = await catalogue();
    expect(moved.version).not.toBe(before.version);
    expect(moved.triggers[0]?.frequencyPattern).toEqual([700, 1100, 1600, 1850]);
    // The old ETag no longer matches.
    expect((await get({ 'if-none-match': `"cat-${before.version}"` })).statusCode).toBe(200);

    expect((await patch({ status: 'inactive' })).statusCode).toBe(200);
    expect((await catalogue()).triggers).toHaveLength(1);
    expect((await patch({ status: 'active' })).statusCode).toBe(200);
    expect((await catalogue()).triggers).toHaveLength(2);
  });

  it('reaches another instance through the change check (and announces the version)', async () => {
    const other = await startAnotherApp(t, {}, { listener: { changeCheckMs: 100 } });
    try {
      const read = async () =>
        (await other.inject({ method: 'GET', url: '/api/listener/catalogue' })).json<Catalogue>();
      const before = await read();
      await createTrigger({
        name: 'Late',
        type: 'CUSTOM',
        actionData: 'x',
        frequencyPattern: [800, 1250, 1450, 2000],
      });
      const deadline = Date.now() + 5000;
      let after = await read();
      while (after.version === before.version && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        after = await read();
      }
      expect(after.triggers).toHaveLength(before.triggers.length + 1);
      expect(after.version).toBe((await catalogue()).version);
    } finally {
      await other.close();
    }
  });

  it('redirects the old list, and no anonymous answer or message names a private trigger', async () => {
    const old = await t.app.inject({ method: 'GET', url: '/api/listener/triggers' });
    expect(old.statusCode).toBe(301);
    anonymousBodies.push(old.body);
    // The owner simulates and edits: none of it may reach the anonymous socket.
    await t.app.inject({
      method: 'POST',
      url: `/api/simulate-trigger/${privateId}`,
      headers: { cookie: alice.cookie },
    });
    // A detection of *another* trigger: its answer carries that trigger's action only.
    const snapshot = await catalogue();
    const open = snapshot.triggers.find((x) => x.publicAction !== null);
    const detection = await t.app.inject({
      method: 'POST',
      url: '/api/listener/detections',
      payload: {
        detections: [
          {
            activationId: crypto.randomUUID(),
            publicTriggerId: open?.publicTriggerId,
            detectedAt: new Date().toISOString(),
            deviceId: 'catalogue-test-device',
            deviceType: 'Web Listener',
            osVersion: 'Web',
          },
          {
            activationId: crypto.randomUUID(),
            publicTriggerId: `tml_${'0'.repeat(32)}`,
            detectedAt: new Date().toISOString(),
            deviceId: 'catalogue-test-device',
            deviceType: 'Web Listener',
            osVersion: 'Web',
          },
        ],
      },
    });
    expect(detection.statusCode).toBe(200);
    anonymousBodies.push(detection.body);
    await new Promise((r) => setTimeout(r, 200));
    const messages = anonymousBodies.filter((b) => b.startsWith('{"type"'));
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages)
      expect(['CATALOGUE_CHANGED']).toContain((JSON.parse(message) as ServerMessage).type);
    for (const body of anonymousBodies)
      for (const secret of Object.values(SECRET)) expect(body).not.toContain(secret);
    expect(publicId).toBeGreaterThan(0);
  });
});
