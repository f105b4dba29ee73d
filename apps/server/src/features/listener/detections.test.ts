import { randomUUID } from 'node:crypto';
import type { Catalogue, DetectionResult } from '@tonemark/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soundTriggers, triggerActivations } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, signUp, startAnotherApp, type TestApp } from '../../test/test-app.ts';

describe.each(TEST_DRIVERS)('POST /api/listener/detections (%s)', (driver) => {
  let t: TestApp;
  let secretId: string;
  let secretRowId: number;
  let otherId: string;

  const detection = (overrides: Record<string, unknown> = {}) => ({
    activationId: randomUUID(),
    publicTriggerId: secretId,
    detectedAt: new Date().toISOString(),
    deviceId: `device-${randomUUID()}`,
    deviceType: 'Web Listener',
    osVersion: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
    ...overrides,
  });
  const send = (detections: object[], app = t.app, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/listener/detections', payload: { detections }, headers });
  const results = async (detections: object[], app = t.app) => {
    const response = await send(detections, app);
    expect(response.statusCode).toBe(200);
    return response.json<{ results: DetectionResult[] }>().results;
  };
  const rowsFor = (activationId: string) =>
    t.database.db.select().from(triggerActivations).where(eq(triggerActivations.activationId, activationId));

  beforeAll(async () => {
    t = await createTestApp(
      driver,
      {},
      { detectionLimits: { anonymousPerMinute: 5, signedInPerMinute: 100 } },
    );
    await signUp(t.app, 'admin@example.com');
    const alice = await signUp(t.app, 'alice@example.com');
    const make = async (payload: object) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/triggers',
          headers: { cookie: alice.cookie },
          payload,
        })
      ).json<{ id: number }>().id;
    secretRowId = await make({
      name: 'Secret Sale',
      type: 'REWARD',
      actionData: '{"title":"TONE10"}',
      frequencyPattern: [700, 1100, 1600, 1900],
    });
    await make({ name: 'Other', type: 'CUSTOM', actionData: 'x', frequencyPattern: [550, 950, 1350, 1750] });
    const catalogue = (
      await t.app.inject({ method: 'GET', url: '/api/listener/catalogue' })
    ).json<Catalogue>();
    secretId = catalogue.triggers[0]?.publicTriggerId as string;
    otherId = catalogue.triggers[1]?.publicTriggerId as string;
  });
  afterAll(async () => t.close());

  it('answers with the action to run and stores the detection time and quality figures', async () => {
    const sent = detection({ snrDb: 18.5, score: 0.91, speed: 1.02, tempo: 1, batteryImpact: 2 });
    const [result] = await results([sent]);
    expect(result).toEqual({
      activationId: sent.activationId,
      status: 'accepted',
      duplicate: false,
      publicTriggerId: secretId,
      action: {
        name: 'Secret Sale',
        type: 'REWARD',
        action: 'DISPLAY_REWARD',
        actionData: '{"title":"TONE10"}',
      },
    });
    const [row] = await rowsFor(sent.activationId);
    expect(row).toMatchObject({ triggerId: secretRowId, deviceType: 'Web Listener', batteryImpact: 2 });
    expect(row?.detectedAt?.toISOString()).toBe(sent.detectedAt);
    expect(row?.snrDb).toBeCloseTo(18.5);
    expect(row?.detectionScore).toBeCloseTo(0.91);
    expect(row?.speed).toBeCloseTo(1.02);
  });

  it('stores a detection sent twice once, and answers the repeat the same way', async () => {
    const sent = detection();
    const [first] = await results([sent]);
    const [again] = await results([sent]);
    // Twice in one request, and concurrently: still one row.
    const both = await Promise.all([results([sent, sent]), results([sent])]);
    expect(first).toMatchObject({ status: 'accepted', duplicate: false });
    expect(again).toEqual({ ...first, duplicate: true });
    for (const r of both.flat()) expect(r).toEqual({ ...first, duplicate: true });
    expect(await rowsFor(sent.activationId)).toHaveLength(1);
    const [trigger] = await t.database.db
      .select({ n: soundTriggers.activationCount })
      .from(soundTriggers)
      .where(eq(soundTriggers.id, secretRowId));
    const stored = await t.database.db
      .select()
      .from(triggerActivations)
      .where(eq(triggerActivations.triggerId, secretRowId));
    expect(trigger?.n).toBe(stored.length);

    // After a restart (no memory of answers) the repeat is still the same activation.
    const restarted = await startAnotherApp(t);
    try {
      const [later] = await results([sent], restarted);
      expect(later).toEqual({ ...first, duplicate: true });
    } finally {
      await restarted.close();
    }
    expect(await rowsFor(sent.activationId)).toHaveLength(1);
  });

  it('applies the same-trigger gap by detection time, not arrival', async () => {
    const deviceId = `gap-${randomUUID()}`;
    const at = (ms: number) => new Date(Date.now() - 60_000 + ms).toISOString();
    // Delivered late and out of order (an offline queue): 3 s apart on the device, both count.
    const [late, early] = await results([
      detection({ deviceId, detectedAt: at(3000) }),
      detection({ deviceId, detectedAt: at(0) }),
    ]);
    expect(late?.status).toBe('accepted');
    expect(early?.status).toBe('accepted');
    // 1.5 s after one of them on the device: refused, however long after it arrives.
    const [close] = await results([detection({ deviceId, detectedAt: at(1500) })]);
    expect(close).toMatchObject({ status: 'refused', reason: 'too-soon' });
    // Another trigger at the same moment is fine; the background service's gap is 3 s.
    expect(
      (await results([detection({ deviceId, detectedAt: at(1500), publicTriggerId: otherId })]))[0]?.status,
    ).toBe('accepted');
    const native = `native-${randomUUID()}`;
    const [n1, n2] = await results([
      detection({ deviceId: native, deviceType: 'Native App', detectedAt: at(0) }),
      detection({ deviceId: native, deviceType: 'Native App', detectedAt: at(2500) }),
    ]);
    expect(n1?.status).toBe('accepted');
    expect(n2).toMatchObject({ status: 'refused', reason: 'too-soon' });
  });

  it('refuses unknown triggers and impossible times with a reason, storing nothing', async () => {
    const unknown = detection({ publicTriggerId: `tml_${'a'.repeat(32)}` });
    const stale = detection({ detectedAt: '2020-01-01T00:00:00.000Z' });
    const future = detection({ detectedAt: new Date(Date.now() + 3600_000).toISOString() });
    const answers = await results([unknown, stale, future]);
    expect(answers.map((a) => a.status === 'refused' && a.reason)).toEqual([
      'unknown-trigger',
      'stale',
      'stale',
    ]);
    for (const a of answers) expect(JSON.stringify(a)).not.toContain('Secret');
    for (const d of [unknown, stale, future]) expect(await rowsFor(d.activationId)).toHaveLength(0);
  });

  it('limits per device, not per address: many devices behind one NAT all count', async () => {
    const crowd = Array.from({ length: 20 }, (_, i) => detection({ deviceId: `cafe-${i}-${randomUUID()}` }));
    const answers = await results(crowd);
    expect(answers.every((a) => a.status === 'accepted')).toBe(true);
    // One device past its budget (5 a minute here) is told when to come back.
    const deviceId = `busy-${randomUUID()}`;
    const start = Date.now() - 100_000;
    const burst = Array.from({ length: 6 }, (_, i) =>
      detection({ deviceId, detectedAt: new Date(start + i * 5000).toISOString() }),
    );
    const limited = await results(burst);
    expect(limited.slice(0, 5).every((a) => a.status === 'accepted')).toBe(true);
    expect(limited[5]).toMatchObject({
      status: 'refused',
      reason: 'rate-limited',
      retryAfterMs: expect.any(Number),
    });
    // A retryable refusal is not remembered: sent again later it is judged again.
    expect(limited[5]?.activationId).toBe(burst[5]?.activationId);
  });

  it('rejects malformed requests with a 400 that names the field', async () => {
    const bad = await send([{ ...detection(), activationId: 'not-a-uuid' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty(['detections.0.activationId']);
    expect((await send([])).statusCode).toBe(400);
    expect((await send(Array.from({ length: 51 }, () => detection()))).statusCode).toBe(400);
  });

  it('says so when it is overloaded (503 with Retry-After) and stores nothing', async () => {
    const busy = await startAnotherApp(t, {}, { listener: { writer: { maxQueue: 0 } } });
    try {
      const sent = detection();
      const response = await send([sent], busy);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('2');
      expect(response.json()).toMatchObject({ code: 'OVERLOADED' });
      expect(await rowsFor(sent.activationId)).toHaveLength(0);
    } finally {
      await busy.close();
    }
  });
});
