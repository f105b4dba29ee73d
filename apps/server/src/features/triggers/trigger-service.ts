import {
  actionDataProblem,
  type CreateTriggerData,
  defaultActionForType,
  type UpdateTriggerData,
} from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import type { TriggerRow, UserRow } from '../../db/schema.ts';
import { AppError, forbidden, notFound } from '../../plugins/app-error.ts';
import { planHolderId } from '../billing/plan-holder.ts';
import { assertCanActivateTrigger } from '../billing/plan-limits.ts';
import { assertCanCreateIn, assertCanWrite } from '../teams/access.ts';
import { enqueueTriggerCreatedWebhooks } from '../webhook-outbox/webhook-outbox.ts';
import { assertPatternFree } from './pattern-check.ts';
import { deleteTrigger, findTrigger, insertTrigger, updateTrigger } from './repository.ts';
import { ownerOf, toTrigger } from './serialize.ts';
import { toneChanged } from './trigger-tones.ts';

// One service for a trigger's life, used by /api/triggers and /api/v1/triggers alike: the rules,
// the row and its tone file (app.triggerTones) change together, so no route has its own path.

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
    await enqueueTriggerCreatedWebhooks(tx, [toTrigger(created)]);
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

/**
 * One update path for PATCH /api/triggers/:id and PATCH /api/v1/triggers/:id: plan limit on a
 * switch to active, pattern check, tone re-render and catalogue invalidation.
 */
export async function updateTriggerFor(
  app: FastifyInstance,
  user: UserRow,
  id: number,
  input: UpdateTriggerData,
): Promise<TriggerRow> {
  const existing = await findTrigger(app.db, user, id);
  if (!existing) throw notFound('Trigger');
  await assertCanWrite(app.db, user, ownerOf(existing), 'Trigger');
  // Moving to another owner (issue 13) needs the right to create there too; a campaign of the old
  // owner is left behind unless the same request names one of the new owner's.
  const owner = { ownerId: existing.creatorId, teamId: existing.teamId };
  if (input.teamId !== undefined && (input.teamId ?? null) !== existing.teamId) {
    // "Personal" is its maker's own: only the maker (or a platform admin) takes a team's trigger back.
    if (input.teamId === null && existing.creatorId !== user.id && user.role !== 'admin') {
      throw forbidden('Only the trigger’s creator can move it out of the team');
    }
    owner.teamId = await assertCanCreateIn(app.db, user, input.teamId);
    input.teamId = owner.teamId;
    if (input.campaignId === undefined && existing.campaignId !== null) input.campaignId = null;
  }
  // SPEC §4: changing the type sets the default action unless the same request picks one.
  if (input.type && !input.action) input.action = defaultActionForType(input.type);
  // The merged row must still open only http(s) links, whichever half the patch changed.
  const problem = actionDataProblem(input.action ?? existing.action, input.actionData ?? existing.actionData);
  if (problem) throw new AppError('VALIDATION', `actionData: ${problem}`, { actionData: problem });
  const row = await app.db.transaction(async (tx) => {
    // Plan limits (issue 6) count active triggers against the plan holder (issue 13: a team's
    // owner): a switch to active, or an active trigger moving to another holder, can exceed them.
    const willBeActive = (input.status ?? existing.status) === 'active';
    if (willBeActive && existing.creatorId !== null) {
      const holder = await planHolderId(tx, existing.creatorId, owner.teamId);
      const before = await planHolderId(tx, existing.creatorId, existing.teamId);
      if (existing.status !== 'active' || holder !== before) {
        await assertCanActivateTrigger(tx, user, holder);
      }
    }
    if (willBeActive && (input.frequencyPattern || input.status === 'active'))
      await assertPatternFree(
        tx,
        existing.creatorId,
        input.frequencyPattern ?? existing.frequencyPattern,
        id,
      );
    return updateTrigger(tx, user, id, input, owner);
  });
  if (!row) throw notFound('Trigger');
  if (toneChanged(existing, row)) {
    app.triggerTones.schedule(
      row,
      (error) => app.log.error({ err: error, triggerId: row.id }, 'trigger tone render failed'),
      true,
    );
  }
  app.listener.catalogueChanged();
  return row;
}

/**
 * Deletes a trigger the user may write, then its tone file (after any render still under way, so
 * none is written back): no orphan file is left behind. A tone that cannot be removed is logged;
 * the row is gone either way.
 */
export async function deleteTriggerFor(app: FastifyInstance, user: UserRow, id: number): Promise<void> {
  const existing = await findTrigger(app.db, user, id);
  if (!existing) throw notFound('Trigger');
  await assertCanWrite(app.db, user, ownerOf(existing), 'Trigger');
  if (!(await deleteTrigger(app.db, user, id))) throw notFound('Trigger');
  app.listener.catalogueChanged();
  await app.triggerTones
    .remove(existing.publicId)
    .catch((error: unknown) =>
      app.log.error({ err: error, triggerId: id }, 'trigger tone file could not be removed'),
    );
}
