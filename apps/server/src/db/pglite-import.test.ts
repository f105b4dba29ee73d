import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { migrationsFolder } from './migrations-folder.ts';
import { soundTriggers, users } from './schema.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the old PGlite default database', () => {
  it('is copied into the embedded PostgreSQL on its first start, then kept aside', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tonemark-pglite-import-'));
    dirs.push(dataDir);
    // DATA_DIR/db as the PGlite default left it.
    const old = new PGlite(path.join(dataDir, 'db'));
    const oldDb = drizzle(old);
    await migrate(oldDb, { migrationsFolder });
    const [admin] = await oldDb
      .insert(users)
      .values({ username: 'ada', email: 'ada@example.com', password: 'hash', role: 'admin' })
      .returning();
    await oldDb.insert(soundTriggers).values({
      name: "Ada's trigger",
      type: 'URL',
      action: 'OPEN_URL',
      actionData: 'https://example.com',
      creatorId: admin?.id,
      frequencyPattern: [1000, 1200, 1500, 1800],
      publicId: 'tones/ada.wav',
    });
    await old.close();

    const messages: string[] = [];
    const database = await openDatabase({ kind: 'embedded', dataDir, log: (m) => messages.push(m) });
    try {
      const [copied] = await database.db.select().from(users).where(eq(users.email, 'ada@example.com'));
      expect(copied).toMatchObject({ id: admin?.id, role: 'admin' });
      const triggers = await database.db.select().from(soundTriggers);
      expect(triggers.map((t) => [t.name, t.creatorId])).toEqual([["Ada's trigger", admin?.id]]);
      // New rows get ids after the copied ones.
      const [next] = await database.db
        .insert(users)
        .values({ username: 'bob', email: 'bob@example.com', password: 'hash' })
        .returning();
      expect(next?.id).toBeGreaterThan(admin?.id ?? 0);
    } finally {
      await database.close();
    }
    expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
    expect(readdirSync(dataDir).some((name) => name.startsWith('db.imported-'))).toBe(true);
    expect(messages.join('\n')).toMatch(/imported \d+ rows/);
  }, 90_000);
});
