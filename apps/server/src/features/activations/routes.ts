import { type ActivationPage, activationFiltersSchema, activationPageQuerySchema } from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../plugins/app-error.ts';
import { requireUser } from '../../plugins/auth.ts';
import { assertDateOrder } from './date-order.ts';
import { activationsCsv, countActivations, listActivations } from './repository.ts';

export async function activationRoutes(app: FastifyInstance) {
  /** SPEC §3.3 activation filters; format=csv downloads the same rows (the dashboard's Export). */
  app.get('/', async (request, reply) => {
    const user = requireUser(request);
    const filters = parseInput(activationFiltersSchema, request.query);
    assertDateOrder(filters);
    const rows = await listActivations(app.db, user, filters);
    if (filters.format === 'csv') {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tonemark-activations-${day}.csv"`)
        .send(activationsCsv(rows));
    }
    return rows;
  });

  /** The same filters, one page at a time with the total that matches (the Analytics table). */
  app.get('/page', async (request): Promise<ActivationPage> => {
    const user = requireUser(request);
    const filters = parseInput(activationPageQuerySchema, request.query);
    assertDateOrder(filters);
    const [activations, total] = await Promise.all([
      listActivations(app.db, user, filters),
      countActivations(app.db, user, filters),
    ]);
    return { activations, total, offset: filters.offset, limit: filters.limit };
  });
}
