import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * The dashed box a list shows in its place while it has no rows ("No webhooks yet."); `compact`
 * for a list nested inside another (a webhook's deliveries).
 */
export function EmptyNote({ children, compact = false }: { children: ReactNode; compact?: boolean }) {
  return (
    <p
      className={cn(
        'border border-dashed border-slate-200 text-center text-slate-500',
        compact ? 'rounded-md px-3 py-4 text-xs' : 'rounded-lg px-4 py-6 text-sm',
      )}
    >
      {children}
    </p>
  );
}
