import { z } from 'zod';
import { digitsParamSchema } from './ids.ts';

// The paging contract of the trigger, media and campaign lists (docs/decisions/list-paging.md):
// a caller that names no page gets the whole list as SPEC §7 describes it; one that names a page
// gets that page and how many match in all.

export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 20;

export const pageParamsShape = {
  /** 1-based; asking for a page (or a pageSize) switches the answer to a ListPage. */
  page: digitsParamSchema(1, 1_000_000).optional(),
  pageSize: digitsParamSchema(1, PAGE_SIZE_MAX).optional(),
  /** Case-insensitive substring of the name or description. */
  search: z.string().trim().max(100).optional(),
};

export interface PageParams {
  page?: number;
  pageSize?: number;
}

export function wantsPage(params: PageParams): boolean {
  return params.page !== undefined || params.pageSize !== undefined;
}

export function listPageSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    items: z.array(item),
    /** Every row the filters keep: counted exactly (these lists hold thousands at most). */
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int(),
  });
}
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}
