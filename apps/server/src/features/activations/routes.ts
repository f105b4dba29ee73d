import { activationFiltersSchema } from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import { AppError, parseInput } from '../../plugins/app-error.ts';
import { requireUser } from '../../plugins/auth.ts';
import { activationsCsv, listActivations } from './repository.ts';

export async function activationRoutes(app: FastifyInstance) {
  /** SPEC §3.3 activation filters; format=csv downloads the same rows (the dashboard's Export). */
  app.get('/', async (request, reply) => {
    const user = requireUser(request);
    const filters = parseInput(activationFiltersSchema, request.query);
    if (filters.startDate && filters.endDate && filters.startDate > filters.endDate) {
      throw new AppError(400, 'VALIDATION', 'endDate: Must not be before startDate', {
        endDate: 'Must not be before startDate',
      });
    }
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
}
