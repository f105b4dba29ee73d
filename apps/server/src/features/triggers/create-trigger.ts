import type { CreateTriggerData } from '@tonemark/shared';
import { toShapeB } from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TriggerRow, UserRow } from '../../db/schema.ts';
import { assertCanActivateTrigger } from '../billing/plan-limits.ts';
import { assertPatternFree } from './pattern-check.ts';
import { insertTrigger } from './repository.ts';
import { toTrigger } from './serialize.ts';

/**
 * Creates a trigger for `user`, as both /api/triggers and /api/v1/triggers do: plan limits and
 * the platform-wide pattern rule and the tone file in one transaction (a failed render leaves no row), then trigger.created goes to
 * the owner's webhooks without waiting for them.
 */
export async function createTriggerFor(
  app: FastifyInstance,
  user: UserRow,
  input: CreateTriggerData,
): Promise<TriggerRow> {
  const row = await app.db.transaction(async (tx) => {
    if (input.status === 'active') {
      await assertCanActivateTrigger(tx as Db, user, user.id);
      await assertPatternFree(tx as Db, user.id, input.frequencyPattern);
    }
    const created = await insertTrigger(tx as Db, user, input);
    await app.triggerTones.render(created);
    return created;
  });
  app.listener.catalogueChanged();
  app.webhooks.emit(row.creatorId, 'trigger.created', toShapeB(toTrigger(row)));
  return row;
}
