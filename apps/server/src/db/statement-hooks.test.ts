import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/databases.ts';
import type { Database } from './client.ts';
import { users } from './schema.ts';
import { statementName, tableWrites } from './statement-hooks.ts';

describe('statement hooks on the pool', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  it('sends parameterised statements as named prepared statements, parsed once per connection', async () => {
    const prepared = await database.db.transaction(async (tx) => {
      await tx.select().from(users).where(eq(users.id, 42));
      await tx.select().from(users).where(eq(users.id, 43));
      return tx.execute(sql.raw('select name, statement from pg_prepared_statements'));
    });
    const rows = (prepared as unknown as { rows: { name: string; statement: string }[] }).rows;
    const mine = rows.filter((row) => row.statement.includes('from "users"'));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.name).toBe(statementName(mine[0]?.statement ?? ''));
  });

  it('reports writes to users and sessions when they complete, and again at commit', async () => {
    const writes = tableWrites(database.db);
    expect(writes).toBeDefined();
    const seen: string[] = [];
    const unsubscribe = writes?.subscribe((table) => seen.push(table)) ?? (() => {});
    await database.db.update(users).set({ displayName: 'x' }).where(eq(users.id, -1));
    expect(seen).toEqual(['users']);
    seen.length = 0;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`delete from sessions where user_id = ${-1}`);
      expect(seen).toEqual(['sessions']);
    });
    expect(seen).toEqual(['sessions', 'sessions']);
    seen.length = 0;
    await database.db.execute(sql`select count(*) from users where id = ${-1}`);
    expect(seen).toEqual([]);
    unsubscribe();
  });
});
