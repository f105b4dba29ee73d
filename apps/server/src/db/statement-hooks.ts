import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Tables whose writes end cached sign-ins (features/auth/session-cache.ts). */
const WATCHED_WRITE =
  /^\s*(?:update|delete\s+from|insert\s+into|truncate(?:\s+table)?)\s+"?(users|sessions)"?[\s(]/i;
const COMMIT = /^\s*commit\b/i;
const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;
const ROLLBACK = /^\s*rollback\s*;?\s*$/i;
const PREPARABLE = /^\s*(?:select|insert|update|delete|with)\b/i;
// Bounds on what a connection keeps prepared: multi-row inserts (the listener's batches) make a
// new long text for every batch size, and each prepared statement holds memory in its backend.
const MAX_PREPARED_TEXT = 8000;
const MAX_PREPARED_PARAMS = 100;
const MAX_PREPARED_PER_CONNECTION = 200;

export type WriteListener = (table: string) => void;

/** Writes to watched tables seen on one pool, for caches that must not outlive them. */
export class TableWrites {
  private readonly listeners = new Set<WriteListener>();

  subscribe(listener: WriteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(table: string): void {
    for (const listener of this.listeners) listener(table);
  }
}

interface QueryConfigLike {
  text: string;
  name?: string;
  values?: unknown[];
}

const isConfig = (value: unknown): value is QueryConfigLike =>
  typeof value === 'object' && value !== null && typeof (value as { text?: unknown }).text === 'string';

// A cursor or stream (the CSV export) runs itself: passed through untouched.
const isSubmittable = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && typeof (value as { submit?: unknown }).submit === 'function';

const registry = new WeakMap<object, TableWrites>();

/** The watched writes of a database opened by openDatabase; undefined for any other. */
export function tableWrites(db: object): TableWrites | undefined {
  return registry.get(db);
}

export function registerTableWrites(db: object, writes: TableWrites): void {
  registry.set(db, writes);
}

/** A stable statement name for a text: the same text is parsed once per connection. */
export function statementName(text: string): string {
  return `tm_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
}

/**
 * Hooks every connection of `pool` (docs/decisions/request-path.md):
 * - parameterised SELECT/INSERT/UPDATE/DELETE statements are sent as named prepared statements
 *   (name = hash of the text), so PostgreSQL parses each once per connection and can reuse a
 *   plan instead of parsing and planning on every request;
 * - a completed write to `users` or `sessions` is reported to `writes` (again at COMMIT when it
 *   ran inside a transaction), after it is visible to other connections' next reads.
 */
export function hookStatements(pool: pg.Pool, writes: TableWrites): void {
  pool.on('connect', (client) => {
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    // Watched tables written inside the open transaction: reported again when it commits.
    const pending = new Set<string>();
    let inTransaction = false;
    const prepared = new Set<string>();
    const nameFor = (text: string, params: number): string | undefined => {
      if (params === 0 || params > MAX_PREPARED_PARAMS || text.length > MAX_PREPARED_TEXT) return undefined;
      if (!PREPARABLE.test(text)) return undefined;
      const name = statementName(text);
      if (prepared.has(name)) return name;
      if (prepared.size >= MAX_PREPARED_PER_CONNECTION) return undefined;
      prepared.add(name);
      return name;
    };
    const hooked = (...args: unknown[]): unknown => {
      const [first, second] = args;
      const text = typeof first === 'string' ? first : isConfig(first) ? first.text : undefined;
      if (text === undefined || isSubmittable(first)) return original(...args);
      const values = Array.isArray(second) ? second : isConfig(first) ? first.values : undefined;
      let call = args;
      const name = isConfig(first) && first.name ? undefined : nameFor(text, values?.length ?? 0);
      if (name) call = [isConfig(first) ? { ...first, name } : { text, name }, ...args.slice(1)];
      if (BEGIN.test(text)) inTransaction = true;
      if (ROLLBACK.test(text)) {
        inTransaction = false;
        pending.clear();
      }
      const written = WATCHED_WRITE.exec(text)?.[1]?.toLowerCase();
      const committing = COMMIT.test(text);
      if (committing) inTransaction = false;
      if (!written && !committing) return original(...call);
      const report = () => {
        if (written) {
          if (inTransaction) pending.add(written);
          writes.emit(written);
        }
        if (committing) {
          for (const table of pending) writes.emit(table);
          pending.clear();
        }
      };
      const result = original(...call);
      // Promise form (drizzle's): report once the statement has completed, failed or not.
      if (result instanceof Promise) return result.finally(report);
      report();
      return result;
    };
    client.query = hooked as typeof client.query;
  });
}
