import {
  createTriggerSchema,
  patternCheckSchema,
  suggestPatternSchema,
  triggerIdParamsSchema,
  triggerListQuerySchema,
  updateTriggerSchema,
  WRITER_ROLES,
  wantsPage,
} from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import { notFound, parseInput } from '../../plugins/app-error.ts';
import { requireRole, requireUser } from '../../plugins/request-user.ts';
import { listPage } from '../paging/list-page.ts';
import { confusableTriggers, patternWarnings, suggestPattern } from './pattern-check.ts';
import { countTriggers, findTrigger, listTriggerPage, listTriggers } from './repository.ts';
import { toTrigger } from './serialize.ts';
import { createTriggerFor, deleteTriggerFor, updateTriggerFor } from './trigger-service.ts';

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
    const user = requireRole(request, WRITER_ROLES);
    const input = parseInput(createTriggerSchema, request.body);
    const row = await createTriggerFor(app, user, input);
    return reply.status(201).send(toTrigger(row));
  });

  // Asked by the form while the creator moves the sliders, before anything is saved.
  app.post('/check-pattern', async (request) => {
    const user = requireRole(request, WRITER_ROLES);
    const input = parseInput(patternCheckSchema, request.body);
    const { triggers } = await app.listener.catalogue.current();
    return {
      confusableWith: confusableTriggers(triggers, user, input),
      warnings: patternWarnings(input),
    };
  });

  // 'Suggest a free pattern' on the form: far from every active pattern on the platform.
  app.post('/suggest-pattern', async (request) => {
    requireRole(request, WRITER_ROLES);
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
    const user = requireRole(request, WRITER_ROLES);
    const { id } = parseInput(triggerIdParamsSchema, request.params);
    const input = parseInput(updateTriggerSchema, request.body);
    return toTrigger(await updateTriggerFor(app, user, id, input));
  });

  app.delete('/:id', async (request, reply) => {
    const user = requireRole(request, WRITER_ROLES);
    const { id } = parseInput(triggerIdParamsSchema, request.params);
    await deleteTriggerFor(app, user, id);
    return reply.status(204).send();
  });
}
