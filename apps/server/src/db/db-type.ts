import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

export type Schema = typeof schema;
/**
 * The PostgreSQL dialect through node-postgres; code is written once against this type. A
 * transaction (`db.transaction(async (tx) => ...)`) is a Db too (drizzle's PgTransaction extends
 * PgDatabase), so a repository function takes `Db` and runs alone or inside its caller's
 * transaction with no cast; a nested `transaction()` on it becomes a savepoint. It lives apart
 * from client.ts so the files client.ts calls (the PGlite import) can name it without a circle.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
