import type { CreateTriggerData } from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TriggerRow, UserRow } from '../../db/schema.ts';
import { assertCanActivateTrigger } from '../billing/plan-limits.ts';
import { enqueueTriggerCreatedWebhooks } from '../public-api/webhook-outbox.ts';
import { insertTrigger } from './repository.ts';

/**
 * Creates a trigger for `user`, as both /api/triggers and /api/v1/triggers do: plan limits, the
 * tone file and the owner's trigger.created deliveries in one transaction (a failed render leaves
 * no row and no delivery), then the webhook dispatcher is woken without waiting for it.
 */
export async function createTriggerFor(
  app: FastifyInstance,
  user: UserRow,
  input: CreateTriggerData,
): Promise<TriggerRow> {
  const row = await app.db.transaction(async (tx) => {
    if (input.status === 'active') await assertCanActivateTrigger(tx as Db, user, user.id);
    const created = await insertTrigger(tx as Db, user, input);
    await app.triggerTones.render(created);
    await enqueueTriggerCreatedWebhooks(tx as Db, [created]);
    return created;
  });
  app.webhooks.wake();
  return row;
}
