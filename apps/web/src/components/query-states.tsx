import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

/**
 * A card's loaded list in its three other states: a spinner while it loads, a red line when it
 * failed, and `empty` when `isEmpty` says there is nothing (a text shows as a grey line, an element
 * such as an EmptyNote as it is). Children get the data.
 */
export function QueryStates<T>({
  query: { isPending, isError, data },
  texts,
  isEmpty,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: T | undefined };
  texts: { loading: string; failed: string };
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (isPending) return <Spinner label={texts.loading} />;
  if (isError || data === undefined) return <p className="text-sm text-red-600">{texts.failed}</p>;
  if (empty !== undefined && isEmpty?.(data))
    return typeof empty === 'string' ? <p className="text-sm text-slate-500">{empty}</p> : empty;
  return children(data);
}
