import { activityQuerySchema } from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../plugins/app-error.ts';
import { requireUser } from '../../plugins/request-user.ts';
import { activity } from './activity.ts';
import { analyticsSummary } from './summary.ts';

export async function analyticsRoutes(app: FastifyInstance) {
  app.get('/summary', async (request) => analyticsSummary(app.db, requireUser(request)));

  app.get('/activity', async (request) => {
    const user = requireUser(request);
    const query = parseInput(activityQuerySchema, request.query);
    return activity(app.db, user, query.range, query.device);
  });
}
