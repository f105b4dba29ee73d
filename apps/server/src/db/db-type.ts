import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

export type Schema = typeof schema;
/**
 * The PostgreSQL dialect through node-postgres; code is written once against this type. It lives
 * apart from client.ts so the files client.ts calls (the PGlite import) can name it without a circle.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
