import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

/**
 * A card's loaded list in its three other states: a spinner while it loads, a red line when it
 * failed, and `empty` when `isEmpty` says there is nothing (a text shows as a grey line, an element
 * such as an EmptyNote as it is). Children get the data. `compact` for a list nested inside
 * another (a webhook's deliveries): a small spinner beside its text, small lines.
 */
export function QueryStates<T>({
  query: { isPending, isError, data },
  texts,
  isEmpty,
  empty,
  compact = false,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: T | undefined };
  texts: { loading: string; failed: string };
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  compact?: boolean;
  children: (data: T) => ReactNode;
}) {
  if (isPending && compact) {
    return (
      <div className="flex items-center gap-2 py-2 text-xs text-slate-500">
        <Spinner className="size-4" label={texts.loading} /> {texts.loading}…
      </div>
    );
  }
  if (isPending) return <Spinner label={texts.loading} />;
  if (isError || data === undefined)
    return <p className={compact ? 'py-2 text-xs text-red-600' : 'text-sm text-red-600'}>{texts.failed}</p>;
  if (empty !== undefined && isEmpty?.(data))
    return typeof empty === 'string' ? <p className="text-sm text-slate-500">{empty}</p> : empty;
  return children(data);
}
