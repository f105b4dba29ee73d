/** The page numbers a pager shows: all of up to seven pages, else the ends and the current's neighbours. */
export function pageWindow(page: number, pageCount: number): number[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const from = Math.max(1, Math.min(page - 2, pageCount - 4));
  const middle = Array.from({ length: 5 }, (_, i) => from + i);
  return [...new Set([1, ...middle, pageCount])];
}
