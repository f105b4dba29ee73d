import { type ListPage, PAGE_SIZE_DEFAULT, type PageParams } from '@tonemark/shared';
import { ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

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

/**
 * One page of a list: the rows and the exact count of every row the filters keep, asked of the
 * database together. A page past the end answers no rows and the real count.
 */
export async function listPage<Row, Item>(
  params: PageParams,
  rows: (limit: number, offset: number) => Promise<Row[]>,
  countAll: () => Promise<number>,
  toItem: (row: Row) => Item,
): Promise<ListPage<Item>> {
  const pageSize = params.pageSize ?? PAGE_SIZE_DEFAULT;
  const page = params.page ?? 1;
  const [items, total] = await Promise.all([rows(pageSize, (page - 1) * pageSize), countAll()]);
  return {
    items: items.map(toItem),
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}
