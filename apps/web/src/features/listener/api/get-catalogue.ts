import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Catalogue, LISTENING_LINK_PARAM } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/react-query';

const STORED_KEY = 'tonemark.listener.catalogue';

// The contract brings zod: it loads with the first catalogue request, not with the page
// (docs/decisions/listener-entry.md).
const loadSchemas = () => import('./listener-contracts');

/**
 * Which triggers the page listens for: a listening link's `?triggers=tml_…,tml_…` as written (the
 * server checks it and says what is wrong), or undefined for every active trigger on the platform.
 */
export type ListeningScope = string | undefined;

/** The listening link this page was opened with, if any (docs/decisions/listening-links.md). */
export function listeningScopeOf(search: string): ListeningScope {
  return new URLSearchParams(search).get(LISTENING_LINK_PARAM) ?? undefined;
}

const storedKeyOf = (scope: ListeningScope) => (scope === undefined ? STORED_KEY : `${STORED_KEY}:${scope}`);

/** The last catalogue this device saw: listening works offline even before the service worker caches it. */
export async function storedCatalogue(scope?: ListeningScope): Promise<Catalogue | undefined> {
  const { catalogueSchema } = await loadSchemas();
  try {
    const parsed = catalogueSchema.safeParse(JSON.parse(localStorage.getItem(storedKeyOf(scope)) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * GET /api/listener/catalogue → every active trigger's pattern (public, no sign-in); actions only
 * for triggers their creators made public. With a listening link's scope, only its triggers.
 * Offline, the last one seen for the same scope answers instead.
 */
export async function getCatalogue(scope?: ListeningScope): Promise<Catalogue> {
  const path =
    scope === undefined
      ? '/api/listener/catalogue'
      : `/api/listener/catalogue?${LISTENING_LINK_PARAM}=${encodeURIComponent(scope)}`;
  try {
    const { catalogueSchema } = await loadSchemas();
    const catalogue = await apiRequest(path, catalogueSchema);
    try {
      localStorage.setItem(storedKeyOf(scope), JSON.stringify(catalogue));
    } catch {
      // Storage full or blocked: the service worker's copy still serves offline.
    }
    return catalogue;
  } catch (error) {
    const stored = await storedCatalogue(scope).catch(() => undefined);
    if (stored) return stored;
    throw error;
  }
}

// networkMode 'always': offline is exactly when the last copy (service worker, storage) must
// answer; React Query's default would pause the fetch until the browser is online again.
export const getCatalogueQueryOptions = (scope?: ListeningScope) =>
  queryOptions({
    queryKey: [...queryKeys.listenerCatalogue, scope ?? 'all'],
    queryFn: () => getCatalogue(scope),
    networkMode: 'always',
  });

export function useCatalogue(scope?: ListeningScope) {
  return useQuery(getCatalogueQueryOptions(scope));
}
