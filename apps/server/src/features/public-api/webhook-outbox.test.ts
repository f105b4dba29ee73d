import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints, webhookOutbox } from '../../db/schema.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { type ActivationWebhookRow, enqueueActivationWebhooks, webhookMessageId } from './webhook-outbox.ts';

describe('enqueueActivationWebhooks', () => {
  let t: TestApp;
  let owner: number;
  let other: number;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    // Only what is queued matters here: the dispatcher must not change rows while they are read.
    await t.app.webhooks.close();
    await signUp(t.app); // the first account is admin
    owner = (await signUp(t.app)).user.id;
    other = (await signUp(t.app)).user.id;
    // Loopback addresses this app refuses to send to: nothing leaves the machine.
    await t.database.db.insert(webhookEndpoints).values([
      { userId: owner, url: 'http://127.0.0.1:9/a', events: ['trigger.activated'], secret: 'whsec_a' },
      {
        userId: owner,
        url: 'http://127.0.0.1:9/b',
        events: ['trigger.activated', 'trigger.created'],
        secret: 'whsec_b',
      },
      { userId: owner, url: 'http://127.0.0.1:9/c', events: ['trigger.created'], secret: 'whsec_c' },
      { userId: other, url: 'http://127.0.0.1:9/d', events: ['trigger.activated'], secret: 'whsec_d' },
    ]);
  });
  afterAll(async () => t?.close());

  const activation = (creatorId: number | null): ActivationWebhookRow => ({
    activationId: randomUUID(),
    triggerId: 1,
    triggerName: 'Summer sale',
    creatorId,
    teamId: null,
    deviceType: 'Web Listener',
    activatedAt: new Date('2026-11-24T08:00:00Z'),
  });
  const outbox = () => t.database.db.select().from(webhookOutbox).orderBy(asc(webhookOutbox.id));

  it('writes nothing when the event’s transaction rolls back', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        expect(await enqueueActivationWebhooks(tx, [activation(owner)])).toBe(2);
        throw new Error('the activation failed to store');
      }),
    ).rejects.toThrow('the activation failed to store');
    expect(await outbox()).toEqual([]);
  });

  it('queues one delivery per subscribed endpoint of each creator, once, with a stable webhook-id', async () => {
    const mine = activation(owner);
    const theirs = activation(other);
    const count = await t.database.db.transaction(async (tx) =>
      enqueueActivationWebhooks(tx, [mine, theirs, activation(null)]),
    );
    expect(count).toBe(3);
    // The same activation stored again (an idempotent re-send) adds no delivery.
    expect(await t.database.db.transaction(async (tx) => enqueueActivationWebhooks(tx, [mine]))).toBe(0);

    const rows = await outbox();
    expect(rows).toHaveLength(3);
    const id = webhookMessageId('trigger.activated', mine.activationId);
    expect(rows.filter((row) => row.messageId === id)).toHaveLength(2);
    expect(rows.every((row) => row.event === 'trigger.activated' && row.nextAttemptAt !== null)).toBe(true);
    expect(JSON.parse(rows[0]?.body ?? '{}')).toMatchObject({
      type: 'trigger.activated',
      data: {
        activationId: mine.activationId,
        triggerName: 'Summer sale',
        deviceType: 'Web Listener',
        activatedAt: '2026-11-24T08:00:00.000Z',
      },
    });
  });
});
