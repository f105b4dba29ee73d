import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import type { Catalogue, CatalogueEntry } from '@tonemark/shared';
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { soundTriggers } from '../../db/schema.ts';
import { listenerActionOf, type ResolvableTrigger } from '../triggers/resolvable-trigger.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A catalogue body ready to send: the whole one, or a listening link's (which has no brotli copy). */
export interface CatalogueBody {
  version: string;
  etag: string;
  body: { identity: Buffer; gzip: Buffer; br?: Buffer };
}

/** One built catalogue: the triggers for resolution and the public body, ready to send. */
export interface CatalogueSnapshot {
  version: string;
  etag: string;
  triggers: ResolvableTrigger[];
  byListenerId: Map<string, ResolvableTrigger>;
  byId: Map<number, ResolvableTrigger>;
  body: { identity: Buffer; gzip: Buffer; br: Buffer };
  builtAt: number;
  /** The earliest expiry among the entries: the snapshot is stale from then on. */
  expiresAt: number;
}

const activeNow = () =>
  and(
    eq(soundTriggers.status, 'active'),
    or(isNull(soundTriggers.expiresAt), gt(soundTriggers.expiresAt, new Date())),
  );

export async function loadActiveTriggers(db: Db): Promise<ResolvableTrigger[]> {
  const rows = await db
    .select({
      id: soundTriggers.id,
      listenerId: soundTriggers.listenerId,
      name: soundTriggers.name,
      type: soundTriggers.type,
      action: soundTriggers.action,
      actionData: soundTriggers.actionData,
      frequencyPattern: soundTriggers.frequencyPattern,
      durationMs: soundTriggers.durationMs,
      signal: soundTriggers.signal,
      // A public trigger in a running A/B test or aimed at segments is resolved by the server, so
      // each device gets its variant (docs/decisions/ab-tests.md): its action leaves the catalogue.
      isPublic: sql<boolean>`sound_triggers.is_public
        and (case when jsonb_typeof(sound_triggers.audience_targeting -> 'segmentIds') = 'array'
          then jsonb_array_length(sound_triggers.audience_targeting -> 'segmentIds') else 0 end) = 0
        and not exists (select 1 from ab_test_variants v join ab_tests x on x.id = v.test_id
          where v.trigger_id = sound_triggers.id and x.status = 'running')`,
      creatorId: soundTriggers.creatorId,
      expiresAt: soundTriggers.expiresAt,
    })
    .from(soundTriggers)
    .where(activeNow())
    .orderBy(asc(soundTriggers.id));
  return rows;
}

/** The public view of a trigger: the pattern always, the action only when its creator made it public. */
export function toCatalogueEntry(trigger: ResolvableTrigger): CatalogueEntry {
  const { listenerId, frequencyPattern, durationMs, signal, isPublic } = trigger;
  const publicAction = isPublic ? listenerActionOf(trigger) : null;
  return { publicTriggerId: listenerId, frequencyPattern, durationMs, signal, publicAction };
}

/**
 * A cheap summary of the active triggers: equal summaries mean the catalogue has not changed.
 * Every trigger write bumps updated_at; deletions and expiries change the count or the id sum.
 */
export async function catalogueFingerprint(db: Db): Promise<string> {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      ids: sql<string>`coalesce(sum(${soundTriggers.id}), 0)::text`,
      updated: sql<string>`coalesce(max(${soundTriggers.updatedAt}), 'epoch')::text`,
    })
    .from(soundTriggers)
    .where(activeNow());
  return `${row?.n}:${row?.ids}:${row?.updated}`;
}

export async function buildSnapshot(triggers: ResolvableTrigger[]): Promise<CatalogueSnapshot> {
  const entries = triggers.map(toCatalogueEntry);
  // The version is a digest of what listeners get, so every instance serving the same triggers
  // announces the same version and ETag.
  const version = createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 20);
  const catalogue: Catalogue = { version, generatedAt: new Date().toISOString(), triggers: entries };
  const identity = Buffer.from(JSON.stringify(catalogue));
  const [gz, br] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  const expiries = triggers.flatMap((t) => (t.expiresAt ? [t.expiresAt.getTime()] : []));
  return {
    version,
    etag: `"cat-${version}"`,
    triggers,
    byListenerId: new Map(triggers.map((t) => [t.listenerId, t])),
    byId: new Map(triggers.map((t) => [t.id, t])),
    body: { identity, gzip: gz, br },
    builtAt: Date.now(),
    expiresAt: expiries.length > 0 ? Math.min(...expiries) : Number.POSITIVE_INFINITY,
  };
}

/**
 * The catalogue served from memory. It is rebuilt on the first request after a change: a trigger
 * write in this process marks it stale at once; writes by other instances (or in SQL) are caught
 * by a periodic fingerprint check or a CATALOGUE_CHANGED message; an expiry by the clock.
 */
export class CatalogueCache {
  private snapshot: CatalogueSnapshot | undefined;
  private building: { generation: number; promise: Promise<CatalogueSnapshot> } | undefined;
  /** Bumped by every invalidation; a snapshot is current when it was built at the latest one. */
  private generation = 0;
  private builtGeneration = -1;
  private fingerprint: string | undefined;

  constructor(private readonly db: Db) {}

  /** The current snapshot, rebuilt if anything changed. Concurrent callers share one rebuild. */
  async current(): Promise<CatalogueSnapshot> {
    const snapshot = this.snapshot;
    if (snapshot && Date.now() >= snapshot.expiresAt && this.builtGeneration === this.generation)
      this.generation += 1;
    if (snapshot && this.builtGeneration === this.generation) return snapshot;
    return this.rebuild();
  }

  /** The last snapshot without waiting, if there is one. */
  peek(): CatalogueSnapshot | undefined {
    return this.snapshot;
  }

  invalidate(): void {
    this.generation += 1;
  }

  /** Compares the database's fingerprint with the one the snapshot was built from. */
  async checkForChanges(): Promise<boolean> {
    const fingerprint = await catalogueFingerprint(this.db);
    if (this.fingerprint !== undefined && fingerprint !== this.fingerprint) {
      this.invalidate();
      return true;
    }
    return false;
  }

  private rebuild(): Promise<CatalogueSnapshot> {
    const generation = this.generation;
    const inFlight = this.building;
    if (inFlight && inFlight.generation === generation) return inFlight.promise;
    // A build started before the latest change may have read the old rows: wait, then build again.
    if (inFlight) return inFlight.promise.then(() => this.current());
    const promise = (async () => {
      const [fingerprint, triggers] = await Promise.all([
        catalogueFingerprint(this.db),
        loadActiveTriggers(this.db),
      ]);
      const snapshot = await buildSnapshot(triggers);
      this.fingerprint = fingerprint;
      this.snapshot = snapshot;
      this.builtGeneration = generation;
      return snapshot;
    })().finally(() => {
      if (this.building?.promise === promise) this.building = undefined;
    });
    this.building = { generation, promise };
    return promise;
  }
}
