import type { UserRow } from '../../db/schema.ts';

interface Entry {
  user: UserRow;
  /** When this copy stops being trusted (the short cache life, or the session's own end). */
  until: number;
}

/**
 * Signed-in users by session hash, for a couple of seconds (docs/decisions/request-path.md):
 * most requests then skip the session query. Any write to `users` or `sessions` made through
 * this process's pool empties it (sign-out, ending sessions, password change, account deletion,
 * role or plan changes), and a lookup that raced with such a write is not stored.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(hash: string): UserRow | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry.user;
  }

  /** Call before the lookup; pass the answer to `set` so a write in between wins. */
  ticket(): number {
    return this.generation;
  }

  set(hash: string, user: UserRow, sessionExpiresAt: Date, ticket: number): void {
    if (ticket !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(hash, { user, until: Math.min(this.now() + this.ttlMs, sessionExpiresAt.getTime()) });
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
