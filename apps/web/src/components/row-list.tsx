import type { ReactNode } from 'react';
import { EmptyNote } from '@/components/empty-note';
import { QueryStates } from '@/components/query-states';

/**
 * A card's loaded list of the account's own items in a bordered box (API keys, webhooks), named
 * "Your <things>": a spinner while it loads, a red line when it failed, the dashed EmptyNote while
 * there are none, else one row per item.
 */
export function RowList<T>({
  query,
  things,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: T[] | undefined };
  /** What the items are, plural and as a sentence shows them ("API keys", "webhooks"). */
  things: string;
  /** The row for one item, keyed. */
  children: (item: T) => ReactNode;
}) {
  return (
    <QueryStates
      query={query}
      texts={{ loading: `Loading your ${things}`, failed: `Your ${things} could not be loaded.` }}
      empty={<EmptyNote>No {things} yet.</EmptyNote>}
      isEmpty={(items) => items.length === 0}
    >
      {(items) => (
        <ul
          className="divide-y divide-slate-100 rounded-lg border border-slate-200"
          aria-label={`Your ${things}`}
        >
          {items.map(children)}
        </ul>
      )}
    </QueryStates>
  );
}
