import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../plugins/auth.ts';
import { analyticsSummary } from './summary.ts';

export async function analyticsRoutes(app: FastifyInstance) {
  app.get('/summary', async (request) => analyticsSummary(app.db, requireUser(request)));
}
