import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How often the embedded database refreshes its planner statistics. */
export const ANALYZE_EVERY_MS = 10 * 60_000;

/**
 * PGlite runs PostgreSQL without background workers, so nothing ever autovacuums or analyzes
 * it: after a bulk load the planner still believes the tables are empty and picks plans whose
 * cost follows the table (a join from the triggers then a sort, where walking the time index
 * for 10 rows is right). A plain ANALYZE shortly after start-up and then every ten minutes
 * stands in for autovacuum's; PostgreSQL's own autovacuum makes this unnecessary there.
 */
export const embeddedMaintenancePlugin = fp(
  async (app: FastifyInstance, opts: { enabled: boolean; firstAfterMs?: number }) => {
    if (!opts.enabled) return;
    let running: Promise<unknown> | undefined;
    const analyze = () => {
      running ??= app.db
        .execute(sql`analyze`)
        .catch((error: unknown) => app.log.warn({ err: error }, 'embedded database ANALYZE failed'))
        .finally(() => {
          running = undefined;
        });
    };
    const first = setTimeout(analyze, opts.firstAfterMs ?? 1000);
    const every = setInterval(analyze, ANALYZE_EVERY_MS);
    first.unref();
    every.unref();
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(every);
      await running;
    });
  },
  { name: 'embedded-maintenance', dependencies: ['database'] },
);
