import { type SimulateTriggerResponse, triggerIdParamsSchema, WRITER_ROLES } from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import { notFound, parseInput } from '../../plugins/app-error.ts';
import { requireRole } from '../../plugins/request-user.ts';
import { audienceOf } from '../teams/access.ts';
import { findTrigger } from '../triggers/repository.ts';
import { ownerOf, toListenerTrigger } from '../triggers/serialize.ts';

/** POST /api/simulate-trigger/:id: sends SIMULATE_TRIGGER to the owner's open apps (and admins'). */
export async function simulateRoutes(app: FastifyInstance) {
  app.post('/:id', async (request): Promise<SimulateTriggerResponse> => {
    const user = requireRole(request, WRITER_ROLES);
    const { id } = parseInput(triggerIdParamsSchema, request.params);
    const row = await findTrigger(app.db, user, id);
    if (!row) throw notFound('Trigger');
    const trigger = toListenerTrigger(row);
    // Everyone who may read the trigger sees the simulation: its owner or its team (issue 13).
    const audience = await audienceOf(app.db, ownerOf(row));
    const owners = [...new Set([...audience, user.id])];
    await app.realtime.publish({
      audience: { kind: 'users', userIds: owners, includeAdmins: true },
      message: { type: 'SIMULATE_TRIGGER', trigger },
    });
    return { sent: true, trigger };
  });
}
