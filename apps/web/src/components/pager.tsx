import type { ListPage } from '@tonemark/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { pageWindow } from '@/lib/page-window';

/** Previous, page numbers (a window of them when there are many) and Next. */
export function Pager({
  page,
  pageCount,
  onPageChange,
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  const pages = pageWindow(page, pageCount);
  return (
    <nav className="flex items-center gap-1" aria-label="Pagination">
      <Button
        variant="outline"
        size="icon-sm"
        aria-label="Previous page"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronLeft />
      </Button>
      {pages.map((n) => (
        <Button
          key={n}
          variant={n === page ? 'default' : 'ghost'}
          size="icon-sm"
          aria-label={`Page ${n}`}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onPageChange(n)}
        >
          {n}
        </Button>
      ))}
      <Button
        variant="outline"
        size="icon-sm"
        aria-label="Next page"
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
      >
        <ChevronRight />
      </Button>
    </nav>
  );
}

/** Under a paged list: 'Showing X of Y things' and the pager. */
export function PagedListFooter({
  list,
  noun,
  onPageChange,
  countTestId,
  className,
  countClassName = 'text-sm',
}: {
  list: ListPage<unknown>;
  noun: string;
  onPageChange: (page: number) => void;
  countTestId: string;
  className?: string;
  countClassName?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center justify-between gap-3 sm:flex-row', className)}>
      <p className={cn('text-slate-500', countClassName)} data-testid={countTestId}>
        Showing {list.items.length} of {list.total} {noun}
      </p>
      <Pager page={list.page} pageCount={list.pageCount} onPageChange={onPageChange} />
    </div>
  );
}
