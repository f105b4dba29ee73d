import { type ListPage, PAGE_SIZE_DEFAULT, type PageParams } from '@tonemark/shared';
import { ilike, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

/** ILIKE pattern for a literal substring: the user's %, _ and \ match themselves. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive substring of any of `columns`; no condition for an empty search. */
export function matchesSearch(search: string | undefined, columns: AnyPgColumn[]): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** Case-insensitive match of a containsPattern (or a placeholder for one) in any of `columns`. */
export function matchesPattern(pattern: string | Placeholder, columns: AnyPgColumn[]): SQL | undefined {
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** Every row the filters keep, counted beside each row of the page (one query, not two). */
export const totalOverWindow = sql<number>`count(*) over ()`.mapWith(Number);

/**
 * The same total as an uncorrelated subquery, computed once: unlike the window, it lets the page
 * itself stop after `limit` rows of an index in list order instead of reading and sorting every
 * row the filters keep (docs/decisions/request-path.md).
 */
export function totalOf(table: PgTable, where: SQL | undefined): SQL.Aliased<number> {
  return sql<number>`(select count(*) from ${table} where ${where ?? sql`true`})`.mapWith(Number).as('total');
}

/**
 * One page of a list: the rows, each carrying the count of every row the filters keep
 * (totalOverWindow), so one query answers both. Only a page past the end, which has no row to
 * carry it, asks for the count alone.
 */
export async function listPage<Row, Item>(
  params: PageParams,
  rows: (limit: number, offset: number) => Promise<(Row & { total: number })[]>,
  countAll: () => Promise<number>,
  toItem: (row: Row) => Item,
): Promise<ListPage<Item>> {
  const pageSize = params.pageSize ?? PAGE_SIZE_DEFAULT;
  const page = params.page ?? 1;
  const offset = (page - 1) * pageSize;
  const found = await rows(pageSize, offset);
  const total = found[0]?.total ?? (offset === 0 ? 0 : await countAll());
  return {
    items: found.map(toItem),
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}
