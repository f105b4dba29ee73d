import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** The app borrows an open database; whoever opened it closes it (buildApp or the test). */
export const databasePlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; closeOnShutdown: boolean }) => {
    app.decorate('db', opts.database.db);
    if (opts.closeOnShutdown) app.addHook('onClose', async () => opts.database.close());
  },
  { name: 'database' },
);
