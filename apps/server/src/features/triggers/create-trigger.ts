import type { CreateTriggerData } from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import type { TriggerRow, UserRow } from '../../db/schema.ts';
import { planHolderId } from '../billing/plan-holder.ts';
import { assertCanActivateTrigger } from '../billing/plan-limits.ts';
import { enqueueTriggerCreatedWebhooks } from '../public-api/webhook-outbox.ts';
import { assertCanCreateIn } from '../teams/access.ts';
import { assertPatternFree } from './pattern-check.ts';
import { insertTrigger } from './repository.ts';

/**
 * Creates a trigger for `user`, as both /api/triggers and /api/v1/triggers do: the plan limit,
 * the platform-wide pattern rule, the row and the owner's trigger.created deliveries in one short
 * transaction; the tone file is rendered after the answer (TriggerTones.schedule: readers of the
 * tone wait for it); then the listener catalogue is refreshed and the webhook dispatcher woken.
 */
export async function createTriggerFor(
  app: FastifyInstance,
  user: UserRow,
  input: CreateTriggerData,
): Promise<TriggerRow> {
  // The chosen owner first: a refused team answers 400/403 before any other rule is weighed.
  const teamId = await assertCanCreateIn(app.db, user, input.teamId);
  const row = await app.db.transaction(async (tx) => {
    if (input.status === 'active') {
      // A team's trigger counts against the team owner's plan (issue 13).
      await assertCanActivateTrigger(tx, user, await planHolderId(tx, user.id, teamId));
      await assertPatternFree(tx, user.id, input.frequencyPattern);
    }
    const created = await insertTrigger(tx, user, input);
    await enqueueTriggerCreatedWebhooks(tx, [created]);
    return created;
  });
  app.triggerTones.schedule(row, (error) =>
    app.log.error(
      { err: error, triggerId: row.id },
      'trigger tone render failed; it is rendered again when used',
    ),
  );
  app.listener.catalogueChanged();
  app.webhooks.wake();
  return row;
}
