import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Rows of a hand-written query, for the few the query builder cannot say in one statement. Both
 * drivers answer with `{ rows }`; numbers are cast in the SQL (::int, ::float8) so neither driver
 * hands back bigint strings.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The `n` of a one-row count query. */
export async function queryCount(db: Db, query: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, query);
  return row?.n ?? 0;
}
