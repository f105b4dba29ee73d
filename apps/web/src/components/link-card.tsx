import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/**
 * An item of a card grid that opens the item's page (campaigns, A/B tests): the name, its badges
 * kept together at the right, then what the caller shows; the card lifts and the name turns indigo
 * on hover, so the whole card reads as the link.
 */
export function LinkCard({
  to,
  name,
  badges,
  className,
  testId,
  children,
}: {
  to: string;
  name: ReactNode;
  badges: ReactNode;
  /** The card's own layout of the name row and `children` (a grid with gaps, or a column). */
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className="group" data-testid={testId}>
      <Card className={cn('p-5 transition-shadow group-hover:shadow-md', className)}>
        <div className="flex items-start justify-between gap-3">
          <h3 className="font-semibold text-slate-900 group-hover:text-indigo-700">{name}</h3>
          <span className="flex shrink-0 flex-wrap justify-end gap-1">{badges}</span>
        </div>
        {children}
      </Card>
    </Link>
  );
}
