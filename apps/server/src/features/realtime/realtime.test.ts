import { type ServerMessage, simulateTriggerResponseSchema } from '@tonemark/shared';
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
    const listenerBox = inbox(listener);
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
    // The sender gets an explicit answer: the action to run, its link through the tracked redirect.
    const answer = await listenerBox.next((m) => m.type === 'DETECTION_RESULT');
    expect(answer).toMatchObject({
      result: { status: 'accepted', duplicate: false, action: { name: 'Beacon', action: 'OPEN_URL' } },
    });
    const tracked =
      answer.type === 'DETECTION_RESULT' && answer.result.status === 'accepted'
        ? answer.result.action.actionData
        : '';
    expect(tracked).toMatch(/\/api\/conversions\/click\/[0-9a-f-]{36}$/);
    const redirect = await t.app.inject({ method: 'GET', url: new URL(tracked).pathname });
    expect(redirect.headers.location).toMatch(/^https:\/\/example\.com\/\?tm_activation=[0-9a-f-]{36}$/);
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
    expect(await box.next((m) => m.type === 'DETECTION_RESULT')).toMatchObject({
      type: 'DETECTION_RESULT',
      result: { status: 'refused', reason: 'unknown-trigger' },
    });
    expect(await t.database.db.select().from(triggerActivations)).toHaveLength(1);
  });

  it('rate limits an anonymous device (a socket without a device id is one), with a reply', async () => {
    const extra = [];
    for (const [i, name] of ['R1', 'R2', 'R3', 'R4'].entries()) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/triggers',
        headers: { cookie: alice.cookie },
        payload: { name, type: 'CUSTOM', actionData: 'x', frequencyPattern: [600 + 50 * i, 900, 1300, 1700] },
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
    const limited = await box.next(
      (m) =>
        m.type === 'DETECTION_RESULT' && m.result.status === 'refused' && m.result.reason === 'rate-limited',
    );
    expect(limited).toMatchObject({ result: { retryAfterMs: expect.any(Number) } });
    for (let i = 0; i < 3; i++)
      await box.next((m) => m.type === 'DETECTION_RESULT' && m.result.status === 'accepted');
    const stored = await t.database.db.select().from(triggerActivations);
    expect(stored.length).toBe(1 + 3);
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
    // The shared contract the web parses the answer with.
    expect(simulateTriggerResponseSchema.safeParse(response.json()).success).toBe(true);
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

  it('resolves a listener detection by catalogue id, once however often it is sent', async () => {
    const catalogue = (await t.app.inject({ method: 'GET', url: '/api/listener/catalogue' })).json<{
      triggers: { publicTriggerId: string; frequencyPattern: number[] }[];
    }>();
    const beacon = catalogue.triggers.find((x) => x.frequencyPattern.join() === '1000,1200,1500,1800');
    const socket = await open();
    const box = inbox(socket);
    const message = {
      type: 'DETECT_TRIGGER',
      publicTriggerId: beacon?.publicTriggerId,
      activationId: '4f7c1d2e-8a9b-4c3d-9e0f-123456789abc',
      detectedAt: new Date().toISOString(),
      deviceId: 'ws-listener-device',
      deviceType: 'Native App',
      osVersion: 'Android 15',
      batteryImpact: 2,
      snrDb: 12.5,
    };
    socket.send(JSON.stringify(message));
    socket.send(JSON.stringify(message));
    const first = await box.next((m) => m.type === 'DETECTION_RESULT');
    const second = await box.next((m) => m.type === 'DETECTION_RESULT');
    expect(first).toMatchObject({ result: { status: 'accepted', action: { name: 'Beacon' } } });
    expect(second).toMatchObject({ result: { status: 'accepted', duplicate: true } });
    const rows = await t.database.db
      .select()
      .from(triggerActivations)
      .where(eq(triggerActivations.activationId, message.activationId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.snrDb).toBeCloseTo(12.5);
  });

  it('moves the old public trigger list to the pattern-only catalogue', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/listener/triggers' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/api/listener/catalogue');
  });
});
