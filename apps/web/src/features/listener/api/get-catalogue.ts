import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Catalogue } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/react-query';

const STORED_KEY = 'tonemark.listener.catalogue';

// The contract brings zod: it loads with the first catalogue request, not with the page
// (docs/decisions/listener-entry.md).
const loadSchemas = () => import('./listener-contracts');

/** The last catalogue this device saw: listening works offline even before the service worker caches it. */
export async function storedCatalogue(): Promise<Catalogue | undefined> {
  const { catalogueSchema } = await loadSchemas();
  try {
    const parsed = catalogueSchema.safeParse(JSON.parse(localStorage.getItem(STORED_KEY) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * GET /api/listener/catalogue → every active trigger's pattern (public, no sign-in); actions only
 * for triggers their creators made public. Offline, the last one seen answers instead.
 */
export async function getCatalogue(): Promise<Catalogue> {
  try {
    const { catalogueSchema } = await loadSchemas();
    const catalogue = await apiRequest('/api/listener/catalogue', catalogueSchema);
    try {
      localStorage.setItem(STORED_KEY, JSON.stringify(catalogue));
    } catch {
      // Storage full or blocked: the service worker's copy still serves offline.
    }
    return catalogue;
  } catch (error) {
    const stored = await storedCatalogue().catch(() => undefined);
    if (stored) return stored;
    throw error;
  }
}

// networkMode 'always': offline is exactly when the last copy (service worker, storage) must
// answer; React Query's default would pause the fetch until the browser is online again.
export const getCatalogueQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.listenerCatalogue, queryFn: getCatalogue, networkMode: 'always' });

export function useCatalogue() {
  return useQuery(getCatalogueQueryOptions());
}
