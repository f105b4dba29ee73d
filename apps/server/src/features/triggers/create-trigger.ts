import type { CreateTriggerData } from '@tonemark/shared';
import { toShapeB } from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TriggerRow, UserRow } from '../../db/schema.ts';
import { assertCanActivateTrigger } from '../billing/plan-limits.ts';
import { insertTrigger } from './repository.ts';
import { toTrigger } from './serialize.ts';

/**
 * Creates a trigger for `user`, as both /api/triggers and /api/v1/triggers do: the plan limit
 * check and the row in one short transaction; the tone file is rendered after the answer
 * (TriggerTones.schedule: readers of the tone wait for it); trigger.created goes to the owner's
 * webhooks without waiting for them.
 */
export async function createTriggerFor(
  app: FastifyInstance,
  user: UserRow,
  input: CreateTriggerData,
): Promise<TriggerRow> {
  const row = await app.db.transaction(async (tx) => {
    if (input.status === 'active') await assertCanActivateTrigger(tx as Db, user, user.id);
    return insertTrigger(tx as Db, user, input);
  });
  app.triggerTones.schedule(row, (error) =>
    app.log.error(
      { err: error, triggerId: row.id },
      'trigger tone render failed; it is rendered again when used',
    ),
  );
  app.webhooks.emit(row.creatorId, 'trigger.created', toShapeB(toTrigger(row)));
  return row;
}
