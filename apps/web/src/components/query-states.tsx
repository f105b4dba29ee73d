import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

/**
 * A card's loaded list in its three other states: a spinner while it loads, a red line when it
 * failed, a grey line when there is nothing (only where `empty` is given). Children get the data.
 */
export function QueryStates<T>({
  query: { isPending, isError, data },
  texts,
  isEmpty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: T | undefined };
  texts: { loading: string; failed: string; empty?: string };
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (isPending) return <Spinner label={texts.loading} />;
  if (isError || data === undefined) return <p className="text-sm text-red-600">{texts.failed}</p>;
  if (texts.empty !== undefined && isEmpty?.(data))
    return <p className="text-sm text-slate-500">{texts.empty}</p>;
  return children(data);
}
