import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** One row of a list: the item's name over its details, and its action at the end. */
export function ItemRow({
  name,
  details,
  action,
  className,
  testId,
}: {
  name: ReactNode;
  details: ReactNode;
  action: ReactNode;
  className: string;
  testId: string;
}) {
  return (
    <li className={cn('flex gap-2', className)} data-testid={testId}>
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-slate-900">{name}</p>
        {details}
      </div>
      {action}
    </li>
  );
}
