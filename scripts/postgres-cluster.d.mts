/** A private, throw-away PostgreSQL cluster (scripts/postgres-cluster.mjs). */
export function startPostgres(): Promise<{ url: string; stop(): void }>;
