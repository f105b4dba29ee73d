import {
  createTriggerSchema,
  defaultActionForType,
  isHttpUrl,
  patternCheckSchema,
  suggestPatternSchema,
  triggerIdParamsSchema,
  triggerListQuerySchema,
  updateTriggerSchema,
  wantsPage,
} from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound, parseInput } from '../../plugins/app-error.ts';
import { requireRole, requireUser } from '../../plugins/auth.ts';
import { assertCanActivateTrigger } from '../billing/plan-limits.ts';
import { toneChanged } from '../media/trigger-tone.ts';
import { listPage } from '../paging/list-page.ts';
import { assertCanCreateIn, assertCanWrite } from '../teams/access.ts';
import { createTriggerFor } from './create-trigger.ts';
import { assertPatternFree, confusableTriggers, suggestPattern } from './pattern-check.ts';
import {
  countTriggers,
  deleteTrigger,
  findTrigger,
  listTriggerPage,
  listTriggers,
  updateTrigger,
} from './repository.ts';
import { ownerOf, toTrigger } from './serialize.ts';

const WRITERS = ['admin', 'creator'] as const;

export async function triggerRoutes(app: FastifyInstance) {
  // SPEC §7: the whole list; Manage Triggers asks for pages (docs/decisions/list-paging.md).
  app.get('/', async (request) => {
    const user = requireUser(request);
    const query = parseInput(triggerListQuerySchema, request.query);
    if (!wantsPage(query)) return (await listTriggers(app.db, user, query)).map(toTrigger);
    return listPage(
      query,
      (limit, offset) => listTriggerPage(app.db, user, query, limit, offset),
      () => countTriggers(app.db, user, query),
      toTrigger,
    );
  });

  app.post('/', async (request, reply) => {
    const user = requireRole(request, WRITERS);
    const input = parseInput(createTriggerSchema, request.body);
    const row = await createTriggerFor(app, user, input);
    return reply.status(201).send(toTrigger(row));
  });

  // Asked by the form while the creator moves the sliders, before anything is saved.
  app.post('/check-pattern', async (request) => {
    const user = requireRole(request, WRITERS);
    const input = parseInput(patternCheckSchema, request.body);
    const { triggers } = await app.listener.catalogue.current();
    return { confusableWith: confusableTriggers(triggers, user, input) };
  });

  // 'Suggest a free pattern' on the form: far from every active pattern on the platform.
  app.post('/suggest-pattern', async (request) => {
    requireRole(request, WRITERS);
    const input = parseInput(suggestPatternSchema, request.body ?? {});
    const { triggers } = await app.listener.catalogue.current();
    return suggestPattern(triggers, input);
  });

  app.get('/:id', async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(triggerIdParamsSchema, request.params);
    const row = await findTrigger(app.db, user, id);
    if (!row) throw notFound('Trigger');
    return toTrigger(row);
  });

  app.patch('/:id', async (request) => {
    const user = requireRole(request, WRITERS);
    const { id } = parseInput(triggerIdParamsSchema, request.params);
    const input = parseInput(updateTriggerSchema, request.body);
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
      throw new AppError(400, 'VALIDATION', 'actionData: Must be an http or https URL', {
        actionData: 'Must be an http or https URL',
      });
    }
    const row = await app.db.transaction(async (tx) => {
      // Plan limits (issue 6) count active triggers: only a switch to active can exceed them.
      if (input.status === 'active' && existing.status !== 'active' && existing.creatorId !== null) {
        await assertCanActivateTrigger(tx as Db, user, existing.creatorId);
      }
      const willBeActive = (input.status ?? existing.status) === 'active';
      if (willBeActive && (input.frequencyPattern || input.status === 'active'))
        await assertPatternFree(
          tx as Db,
          existing.creatorId,
          input.frequencyPattern ?? existing.frequencyPattern,
          id,
        );
      return updateTrigger(tx as Db, user, id, input, owner);
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
    return toTrigger(row);
  });

  app.delete('/:id', async (request, reply) => {
    const user = requireRole(request, WRITERS);
    const { id } = parseInput(triggerIdParamsSchema, request.params);
    const existing = await findTrigger(app.db, user, id);
    if (!existing) throw notFound('Trigger');
    await assertCanWrite(app.db, user, ownerOf(existing), 'Trigger');
    if (!(await deleteTrigger(app.db, user, id))) throw notFound('Trigger');
    app.listener.catalogueChanged();
    await app.triggerTones.remove(existing.publicId).catch(() => {});
    return reply.status(204).send();
  });
}
