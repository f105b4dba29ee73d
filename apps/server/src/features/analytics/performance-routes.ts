import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../plugins/request-user.ts';
import { analyticsPerformance } from './performance.ts';

/** /api/analytics/performance (issue 13 item 4). */
export async function performanceRoutes(app: FastifyInstance) {
  app.get('/performance', async (request) => analyticsPerformance(app.db, requireUser(request)));
}
