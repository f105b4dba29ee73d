import { Readable } from 'node:stream';
import {
  type ActivationPage,
  activationFiltersSchema,
  activationPageQuerySchema,
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
} from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../plugins/app-error.ts';
import { requireUser } from '../../plugins/request-user.ts';
import { activationsCsv } from './csv-export.ts';
import { decodeCursor } from './cursor.ts';
import { assertDateOrder } from './date-order.ts';
import { countActivations, listActivations } from './repository.ts';

export async function activationRoutes(app: FastifyInstance) {
  /**
   * SPEC §3.3 activation filters. JSON answers at most `limit` rows and, when more match, names
   * the cursor of the rest in x-next-cursor. format=csv streams every matching row (the
   * dashboard's Export) with its count in x-total-count for the progress bar.
   */
  app.get('/', async (request, reply) => {
    const user = requireUser(request);
    const filters = parseInput(activationFiltersSchema, request.query);
    assertDateOrder(filters);
    if (filters.cursor) decodeCursor(filters.cursor);
    if (filters.format === 'csv') {
      const { total, exact } = await countActivations(app.db, user, filters);
      const rows = filters.limit === undefined ? total : Math.min(total, filters.limit);
      const day = new Date().toISOString().slice(0, 10);
      if (exact) reply.header(TOTAL_COUNT_HEADER, String(rows));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tonemark-activations-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(activationsCsv(app.db, user, filters)));
    }
    const { activations, nextCursor } = await listActivations(app.db, user, filters);
    if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
    return activations;
  });

  /** The same filters, one page at a time with the total that matches (the Analytics table). */
  app.get('/page', async (request): Promise<ActivationPage> => {
    const user = requireUser(request);
    const filters = parseInput(activationPageQuerySchema, request.query);
    assertDateOrder(filters);
    if (filters.cursor) decodeCursor(filters.cursor);
    const [{ activations, nextCursor }, { total, exact }] = await Promise.all([
      listActivations(app.db, user, filters),
      countActivations(app.db, user, filters),
    ]);
    return {
      activations,
      total,
      totalExact: exact,
      offset: filters.offset,
      limit: filters.limit,
      nextCursor,
    };
  });
}
