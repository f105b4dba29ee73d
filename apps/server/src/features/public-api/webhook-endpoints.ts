import { randomBytes } from 'node:crypto';
import {
  MAX_WEBHOOKS_PER_USER,
  type RegisteredWebhook,
  type RegisterWebhook,
  WEBHOOK_DELIVERIES_LIMIT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@tonemark/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type WebhookEndpointRow, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { AppError, notFound } from '../../plugins/app-error.ts';
import { resolveWebhookTarget, WebhookTargetError } from './webhook-target.ts';

/** whsec_ plus 32 random bytes in base64, the Standard Webhooks secret format. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function toWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function endpointsFor(
  db: Db,
  userId: number,
  event: WebhookEvent,
): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), sql`${webhookEndpoints.events} ? ${event}`));
}

export async function listEndpoints(db: Db, userId: number): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

export async function countEndpoints(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId));
  return row?.n ?? 0;
}

export async function insertEndpoint(
  db: Db,
  values: { userId: number; url: string; events: WebhookEvent[]; secret: string },
): Promise<WebhookEndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * Registration for both doors, /api/v1/webhooks/register (API key) and POST /api/webhooks
 * (session), so the address policy and the per-account limit cannot drift apart. The secret is
 * in the answer this once.
 */
export async function registerEndpoint(
  db: Db,
  userId: number,
  input: RegisterWebhook,
  allowPrivate: boolean,
): Promise<RegisteredWebhook> {
  try {
    await resolveWebhookTarget(new URL(input.url), allowPrivate);
  } catch (error) {
    const message = error instanceof WebhookTargetError ? error.message : 'Must be an http or https URL';
    throw new AppError('VALIDATION', `url: ${message}`, { url: message });
  }
  if ((await countEndpoints(db, userId)) >= MAX_WEBHOOKS_PER_USER) {
    throw new AppError(
      'WEBHOOK_LIMIT',
      `You already have ${MAX_WEBHOOKS_PER_USER} webhooks: delete one before registering another`,
    );
  }
  const secret = input.secret ?? newWebhookSecret();
  const row = await insertEndpoint(db, { userId, url: input.url, events: input.events, secret });
  return { ...toWebhookEndpoint(row), secret };
}

export async function deleteEndpoint(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** The newest logged attempts for one of `userId`'s endpoints; undefined when it is not theirs. */
export async function listDeliveries(
  db: Db,
  userId: number,
  endpointId: number,
): Promise<WebhookDelivery[] | undefined> {
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.userId, userId)));
  if (!endpoint) return undefined;
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.attemptedAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERIES_LIMIT);
  return rows.map((row) => ({
    messageId: row.messageId,
    event: row.event,
    attempt: row.attempt,
    succeeded: row.succeeded,
    responseStatus: row.responseStatus,
    error: row.error,
    durationMs: row.durationMs,
    attemptedAt: row.attemptedAt.toISOString(),
  }));
}

/**
 * What an account may do with its own webhooks: the one surface both doors serve, /api/webhooks
 * (session) and /api/v1/webhooks (API key), which differ only in who is asking and how they answer.
 * An endpoint that is not the account's is a 404, never someone else's.
 */
export function ownWebhooks(db: Db, userId: number, allowPrivateUrls: boolean) {
  return {
    list: async (): Promise<WebhookEndpoint[]> => (await listEndpoints(db, userId)).map(toWebhookEndpoint),
    register: (input: RegisterWebhook) => registerEndpoint(db, userId, input, allowPrivateUrls),
    deliveries: async (id: number): Promise<WebhookDelivery[]> => {
      const deliveries = await listDeliveries(db, userId, id);
      if (!deliveries) throw notFound('Webhook');
      return deliveries;
    },
    remove: async (id: number): Promise<void> => {
      if (!(await deleteEndpoint(db, userId, id))) throw notFound('Webhook');
    },
  };
}
