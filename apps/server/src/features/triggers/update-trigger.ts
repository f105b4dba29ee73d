import { defaultActionForType, isHttpUrl, type UpdateTriggerData } from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import type { TriggerRow, UserRow } from '../../db/schema.ts';
import { AppError, forbidden, notFound } from '../../plugins/app-error.ts';
import { planHolderId } from '../billing/plan-holder.ts';
import { assertCanActivateTrigger } from '../billing/plan-limits.ts';
import { toneChanged } from '../media/trigger-tone.ts';
import { assertCanCreateIn, assertCanWrite } from '../teams/access.ts';
import { assertPatternFree } from './pattern-check.ts';
import { findTrigger, updateTrigger } from './repository.ts';
import { ownerOf } from './serialize.ts';

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
  const action = input.action ?? existing.action;
  if (action === 'OPEN_URL' && !isHttpUrl(input.actionData ?? existing.actionData)) {
    throw new AppError('VALIDATION', 'actionData: Must be an http or https URL', {
      actionData: 'Must be an http or https URL',
    });
  }
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
