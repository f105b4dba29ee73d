import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Catalogue } from '@tonemark/shared';
import { type CatalogueBody, type CatalogueSnapshot, toCatalogueEntry } from './catalogue.ts';

/** Links shared to an audience are asked for over and over; a few hundred cover the busy ones. */
const CACHED_SCOPES = 256;

/**
 * The catalogue of a listening link (docs/decisions/listening-links.md): the snapshot's entries for
 * the ids the link names, in the link's order; an id that is not active is left out, as the whole
 * catalogue leaves it out. Its `version` is the whole catalogue's, so the listener's
 * CATALOGUE_CHANGED handling (which compares versions) refetches it on any change.
 */
export function buildScopedCatalogue(snapshot: CatalogueSnapshot, ids: readonly string[]): CatalogueBody {
  const entries = ids.flatMap((id) => {
    const trigger = snapshot.byListenerId.get(id);
    return trigger ? [toCatalogueEntry(trigger)] : [];
  });
  const catalogue: Catalogue = {
    version: snapshot.version,
    generatedAt: new Date(snapshot.builtAt).toISOString(),
    triggers: entries,
  };
  const identity = Buffer.from(JSON.stringify(catalogue));
  const scope = createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 16);
  return {
    version: snapshot.version,
    etag: `"cat-${snapshot.version}-${scope}"`,
    // Small (at most 100 entries): compressed on the request that first asks, at a cheap level.
    body: { identity, gzip: gzipSync(identity, { level: 6 }) },
  };
}

/** Recently asked-for listening links of the current snapshot, least recently used first out. */
export class ScopedCatalogueCache {
  private readonly scopes = new Map<string, CatalogueBody>();
  /** The snapshot version the cached links were built from: a new one makes them all stale. */
  private version: string | undefined;

  get(snapshot: CatalogueSnapshot, ids: readonly string[]): CatalogueBody {
    if (snapshot.version !== this.version) {
      this.scopes.clear();
      this.version = snapshot.version;
    }
    const key = ids.join(',');
    const cached = this.scopes.get(key);
    if (cached) {
      this.scopes.delete(key);
      this.scopes.set(key, cached);
      return cached;
    }
    const built = buildScopedCatalogue(snapshot, ids);
    this.scopes.set(key, built);
    if (this.scopes.size > CACHED_SCOPES) {
      const oldest = this.scopes.keys().next().value;
      if (oldest !== undefined) this.scopes.delete(oldest);
    }
    return built;
  }
}
