import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './db-type.ts';
import { migrationsFolder } from './migrations-folder.ts';

const CHUNK_ROWS = 5000;

/**
 * Until wave 2 the default database was PGlite in DATA_DIR/db. On the first start of the embedded
 * PostgreSQL its rows are copied over once, in one transaction, and the old folder is renamed
 * (kept as a backup, never read again). A database that already holds accounts is never merged
 * into: the old folder is then left alone and a message says so.
 */
export async function importPgliteData(
  db: Db,
  pgliteDir: string,
  log: (message: string) => void = (message) => process.stderr.write(`${message}\n`),
): Promise<void> {
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) return;
  const users = (await db.execute(sql`select count(*)::int as n from users`)) as unknown as {
    rows: { n: number }[];
  };
  if ((users.rows[0]?.n ?? 0) > 0) {
    log(
      `${pgliteDir} holds data of the old embedded database (PGlite) that was not imported, because the current database already has accounts. Move that folder away to silence this message.`,
    );
    return;
  }
  log(`importing the old embedded database (PGlite) from ${pgliteDir}`);
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const source = new PGlite(pgliteDir);
  let copied = 0;
  try {
    // The same schema version on both sides, so every row fits its table column for column.
    await migrate(drizzle(source), { migrationsFolder });
    const tables = await source.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    await db.transaction(async (tx) => {
      // Rows arrive table by table: foreign keys are checked by the source already.
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const { name } of tables.rows) {
        const table = sql.identifier(name);
        // Rows the migrations seeded (plans) come back with the copy.
        await tx.execute(sql`delete from ${table}`);
        for (let offset = 0; ; offset += CHUNK_ROWS) {
          const chunk = await source.query<{ rows: unknown[] | null }>(
            `select json_agg(t) as rows from (select * from "${name.replaceAll('"', '""')}" order by 1 limit ${CHUNK_ROWS} offset ${offset}) t`,
          );
          const rows = chunk.rows[0]?.rows ?? [];
          if (rows.length === 0) break;
          await tx.execute(
            sql`insert into ${table} select * from json_populate_recordset(null::${table}, ${JSON.stringify(rows)}::json)`,
          );
          copied += rows.length;
        }
      }
      // Serial ids go on after the copied ones.
      await tx.execute(sql`
        do $$ declare c record; begin
          for c in select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
                   from information_schema.columns where table_schema = 'public' loop
            if c.seq is not null then
              execute format('select setval(%L, coalesce((select max(%I) from %I), 0) + 1, false)',
                             c.seq, c.column_name, c.table_name);
            end if;
          end loop;
        end $$`);
    });
  } finally {
    await source.close();
  }
  const backup = `${pgliteDir}.imported-${new Date().toISOString().slice(0, 10)}`;
  renameSync(pgliteDir, backup);
  log(`imported ${copied} rows; the old PGlite folder is kept as ${backup}`);
}
