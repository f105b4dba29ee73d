import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Catalogue, catalogueSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/react-query';

const STORED_KEY = 'tonemark.listener.catalogue';

/** The last catalogue this device saw: listening works offline even before the service worker caches it. */
export function storedCatalogue(): Catalogue | undefined {
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
    const catalogue = await apiRequest('/api/listener/catalogue', catalogueSchema);
    try {
      localStorage.setItem(STORED_KEY, JSON.stringify(catalogue));
    } catch {
      // Storage full or blocked: the service worker's copy still serves offline.
    }
    return catalogue;
  } catch (error) {
    const stored = storedCatalogue();
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
