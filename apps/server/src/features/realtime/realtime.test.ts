import type { ServerMessage } from '@tonemark/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { soundTriggers, triggerActivations } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, givePlan, signUp, type TestApp } from '../../test/test-app.ts';

/** Collects every message a socket receives, and waits for the next one matching a test. */
function inbox(socket: WebSocket) {
  const messages: ServerMessage[] = [];
  const waiters: { match: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as ServerMessage;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  return {
    messages,
    next(match: (m: ServerMessage) => boolean, timeoutMs = 3000): Promise<ServerMessage> {
      const seen = messages.find(match);
      if (seen) {
        messages.splice(messages.indexOf(seen), 1);
        return Promise.resolve(seen);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching message')), timeoutMs);
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            messages.splice(messages.indexOf(m), 1);
            resolve(m);
          },
        });
      });
    },
  };
}

describe.each(TEST_DRIVERS)('real-time channel (%s)', (driver) => {
  let t: TestApp;
  let alice: { cookie: string; user: { id: number } };
  let bob: { cookie: string; user: { id: number } };
  let triggerId: number;
  const sockets: WebSocket[] = [];
  const open = async (cookie?: string) => {
    const socket = await t.app.injectWS('/ws', cookie ? { headers: { cookie } } : {});
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp(
      driver,
      {},
      { detectionLimits: { anonymousPerMinute: 3, signedInPerMinute: 100 } },
    );
    await signUp(t.app, 'admin@example.com');
    alice = await signUp(t.app, 'alice@example.com');
    bob = await signUp(t.app, 'bob@example.com');
    // More active triggers than Free allows: the plan limits have their own tests.
    await givePlan(t, alice.user.id);
    await givePlan(t, bob.user.id);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/triggers',
      headers: { cookie: alice.cookie },
      payload: {
        name: 'Beacon',
        type: 'URL',
        actionData: 'https://example.com',
        webhookUrl: 'https://hooks.example.com/secret',
      },
    });
    triggerId = created.json().id;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    await t.close();
  });

  it('logs and ignores malformed messages; the connection stays up', async () => {
    const socket = await open();
    const box = inbox(socket);
    for (const bad of [
      'not json',
      '{"type":"NOPE"}',
      '[]',
      'null',
      JSON.stringify({ type: 'DETECT_TRIGGER', triggerId: 'x' }),
    ]) {
      socket.send(bad);
      expect(await box.next((m) => m.type === 'ERROR')).toEqual({
        type: 'ERROR',
        error: 'Malformed message ignored',
      });
    }
    socket.send(Buffer.from([1, 2, 3]), { binary: true });
    await box.next((m) => m.type === 'ERROR');
    socket.send(JSON.stringify({ type: 'PING' }));
    expect(await box.next((m) => m.type === 'PONG')).toEqual({ type: 'PONG' });
    expect(socket.readyState).toBe(socket.OPEN);
  });

  it('stores DETECT_TRIGGER as an activation, counts it, and tells the owner', async () => {
    const owner = await open(alice.cookie);
    const ownerBox = inbox(owner);
    const listener = await open();
    listener.send(
      JSON.stringify({
        type: 'DETECT_TRIGGER',
        triggerId,
        deviceType: 'Web Listener',
        osVersion: 'Web',
        batteryImpact: 2,
      }),
    );
    const note = await ownerBox.next((m) => m.type === 'ACTIVATION_RECORDED');
    expect(note).toMatchObject({ type: 'ACTIVATION_RECORDED', triggerId, deviceType: 'Web Listener' });
    const rows = await t.database.db
      .select()
      .from(triggerActivations)
      .where(eq(triggerActivations.triggerId, triggerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      deviceType: 'Web Listener',
      osVersion: 'Web',
      batteryImpact: 2,
      successful: true,
    });
    const [trigger] = await t.database.db.select().from(soundTriggers).where(eq(soundTriggers.id, triggerId));
    expect(trigger?.activationCount).toBe(1);
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/summary',
      headers: { cookie: alice.cookie },
    });
    expect(summary.json().totalActivations).toBe(1);
  });

  it('refuses detections of unknown or inactive triggers without storing anything', async () => {
    const socket = await open(bob.cookie);
    const box = inbox(socket);
    socket.send(
      JSON.stringify({
        type: 'DETECT_TRIGGER',
        triggerId: 999_999,
        deviceType: 'Native App',
        osVersion: 'iOS 18',
        batteryImpact: 2,
      }),
    );
    expect(await box.next((m) => m.type === 'ERROR')).toEqual({
      type: 'ERROR',
      error: 'Trigger 999999 is not active',
    });
    expect(await t.database.db.select().from(triggerActivations)).toHaveLength(1);
  });

  it('rate limits anonymous listeners per client', async () => {
    const extra = [];
    for (const name of ['R1', 'R2', 'R3', 'R4']) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/triggers',
        headers: { cookie: alice.cookie },
        payload: { name, type: 'CUSTOM', actionData: 'x' },
      });
      extra.push(r.json().id as number);
    }
    const socket = await open();
    const box = inbox(socket);
    for (const id of extra) {
      socket.send(
        JSON.stringify({
          type: 'DETECT_TRIGGER',
          triggerId: id,
          deviceType: 'Web Listener',
          osVersion: 'Web',
          batteryImpact: 2,
        }),
      );
    }
    const error = await box.next((m) => m.type === 'ERROR' && m.error.startsWith('Too many'));
    expect(error).toMatchObject({ type: 'ERROR' });
    // The first test's anonymous socket shares the client key, so at most 3 of these were stored.
    const stored = await t.database.db.select().from(triggerActivations);
    expect(stored.length).toBeLessThanOrEqual(1 + 3);
  });

  it('sends SIMULATE_TRIGGER to the owner’s apps only', async () => {
    const mine = inbox(await open(alice.cookie));
    const other = inbox(await open(bob.cookie));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/simulate-trigger/${triggerId}`,
      headers: { cookie: alice.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      sent: true,
      trigger: { id: triggerId, name: 'Beacon', type: 'URL' },
    });
    const message = await mine.next((m) => m.type === 'SIMULATE_TRIGGER');
    expect(message).toMatchObject({
      type: 'SIMULATE_TRIGGER',
      trigger: { id: triggerId, name: 'Beacon', frequencyPattern: [1000, 1200, 1500, 1800] },
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(other.messages.filter((m) => m.type === 'SIMULATE_TRIGGER')).toHaveLength(0);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/simulate-trigger/${triggerId}`,
          headers: { cookie: bob.cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/simulate-trigger/${triggerId}` })).statusCode,
    ).toBe(401);
  });

  it('gives the public listener active triggers and nothing private', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/triggers',
      headers: { cookie: alice.cookie },
      payload: { name: 'Off', type: 'CUSTOM', actionData: 'x', status: 'inactive' },
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/listener/triggers' });
    expect(response.statusCode).toBe(200);
    const list = response.json() as Record<string, unknown>[];
    expect(list.map((x) => x.name)).toContain('Beacon');
    expect(list.map((x) => x.name)).not.toContain('Off');
    expect(Object.keys(list[0] ?? {}).sort()).toEqual([
      'action',
      'actionData',
      'durationMs',
      'frequencyPattern',
      'id',
      'name',
      'signal',
      'type',
    ]);
  });
});
