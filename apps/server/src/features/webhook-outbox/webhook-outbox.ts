import { createHash } from 'node:crypto';
import {
  type ShapeBTrigger,
  type Trigger,
  toShapeB,
  type WebhookEvent,
  type WebhookPayload,
} from '@tonemark/shared';
import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teamMembers, webhookEndpoints, webhookOutbox } from '../../db/schema.ts';

// The outbox sits below every feature that writes events (triggers, activations) and the public
// API that delivers them: it takes contract shapes, so it needs none of their code.

/** One stored activation, as the activation writers hand it over inside their transaction. */
export interface ActivationWebhookRow {
  activationId: string;
  triggerId: number;
  triggerName: string;
  creatorId: number | null;
  teamId: number | null;
  deviceType: string | null;
  activatedAt: Date;
}

export interface TriggerActivatedData {
  triggerId: number;
  triggerName: string;
  activationId: string;
  deviceType: string | null;
  activatedAt: string;
}

interface OutboxEvent<T> {
  ownerId: number | null;
  /** A team's trigger: every current member's endpoints receive it (features/teams/access.ts). */
  teamId: number | null;
  /** Names the event once and for all: the same key is the same webhook-id. */
  key: string;
  data: T;
}

const INSERT_CHUNK = 1000;

/**
 * The webhook-id of one event: derived from what the event is, so every attempt and every
 * endpoint see the same id and a receiver can de-duplicate on it.
 */
export function webhookMessageId(event: WebhookEvent, key: string): string {
  return `msg_${createHash('sha256').update(`${event}:${key}`).digest('hex').slice(0, 32)}`;
}

/**
 * Records trigger.activated for every subscribed endpoint of each activation's creator, in the
 * caller's transaction (`tx`): the deliveries commit with the activations or not at all. Call it
 * inside the transaction that stores the activations; wake the dispatcher after the commit.
 */
export async function enqueueActivationWebhooks(
  tx: Db,
  activations: readonly ActivationWebhookRow[],
): Promise<number> {
  return enqueue<TriggerActivatedData>(
    tx,
    'trigger.activated',
    activations.map((a) => ({
      ownerId: a.creatorId,
      teamId: a.teamId,
      key: a.activationId,
      data: {
        triggerId: a.triggerId,
        triggerName: a.triggerName,
        activationId: a.activationId,
        deviceType: a.deviceType,
        activatedAt: a.activatedAt.toISOString(),
      },
    })),
  );
}

/** trigger.created (shape B), in the transaction that inserts the triggers (given as shape A). */
export async function enqueueTriggerCreatedWebhooks(tx: Db, triggers: readonly Trigger[]): Promise<number> {
  return enqueue<ShapeBTrigger>(
    tx,
    'trigger.created',
    triggers.map((trigger) => ({
      ownerId: trigger.creatorId,
      teamId: trigger.teamId,
      key: String(trigger.id),
      data: toShapeB(trigger),
    })),
  );
}

/** Who receives each event: its personal owner, or the current members of its team. */
async function recipientsOf<T>(
  tx: Db,
  events: readonly OutboxEvent<T>[],
): Promise<(e: OutboxEvent<T>) => number[]> {
  const teamIds = [...new Set(events.flatMap((e) => (e.teamId === null ? [] : [e.teamId])))];
  const members = new Map<number, number[]>();
  if (teamIds.length > 0) {
    const rows = await tx
      .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
      .from(teamMembers)
      .where(inArray(teamMembers.teamId, teamIds));
    for (const r of rows) members.set(r.teamId, [...(members.get(r.teamId) ?? []), r.userId]);
  }
  return (e) => (e.teamId !== null ? (members.get(e.teamId) ?? []) : e.ownerId === null ? [] : [e.ownerId]);
}

async function enqueue<T>(tx: Db, event: WebhookEvent, events: readonly OutboxEvent<T>[]): Promise<number> {
  const recipients = await recipientsOf(tx, events);
  const owners = [...new Set(events.flatMap(recipients))];
  if (owners.length === 0) return 0;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, userId: webhookEndpoints.userId })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.userId, owners), sql`${webhookEndpoints.events} ? ${event}`));
  if (endpoints.length === 0) return 0;
  const byOwner = new Map<number, number[]>();
  for (const endpoint of endpoints) {
    byOwner.set(endpoint.userId, [...(byOwner.get(endpoint.userId) ?? []), endpoint.id]);
  }
  const timestamp = new Date().toISOString();
  const rows = events.flatMap((e) => {
    const targets = recipients(e).flatMap((userId) => byOwner.get(userId) ?? []);
    if (targets.length === 0) return [];
    const payload: WebhookPayload<T> = { type: event, timestamp, data: e.data };
    const body = JSON.stringify(payload);
    const messageId = webhookMessageId(event, e.key);
    return targets.map((endpointId) => ({ endpointId, messageId, event, body }));
  });
  let inserted = 0;
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const written = await tx
      .insert(webhookOutbox)
      .values(rows.slice(i, i + INSERT_CHUNK))
      // An event stored twice (an idempotent re-send) is still one delivery per endpoint.
      .onConflictDoNothing()
      .returning({ id: webhookOutbox.id });
    inserted += written.length;
  }
  return inserted;
}
