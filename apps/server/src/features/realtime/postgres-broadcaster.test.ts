import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Envelope } from './broadcaster.ts';
import { PostgresBroadcaster } from './postgres-broadcaster.ts';

// The run's PostgreSQL (LISTEN/NOTIFY spans the whole server, so its maintenance database will do).
const url = inject('testDatabaseServer').adminUrl;

// Two broadcasters stand for two server instances sharing one PostgreSQL.
describe('PostgresBroadcaster', () => {
  let a: PostgresBroadcaster;
  let b: PostgresBroadcaster;
  const lost: Error[] = [];
  beforeAll(async () => {
    a = await PostgresBroadcaster.connect(url);
    b = await PostgresBroadcaster.connect(url, (error) => lost.push(error));
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('delivers a message published on one instance to the other', async () => {
    const envelope: Envelope = {
      audience: { kind: 'users', userIds: [7], includeAdmins: true },
      message: { type: 'ERROR', error: 'hello from instance a' },
    };
    const received = new Promise<Envelope>((resolve) => b.subscribe(resolve));
    await a.publish(envelope);
    expect(await received).toEqual(envelope);
  });

  it('re-opens its LISTEN connection when the server kills it, and hears messages again', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const killed = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen tonemark_realtime' and pid <> pg_backend_pid()",
      );
      expect(killed.rowCount).toBeGreaterThanOrEqual(2);
    } finally {
      await admin.end();
    }
    const heard: Envelope[] = [];
    b.subscribe((envelope) => heard.push(envelope));
    const envelope: Envelope = {
      audience: { kind: 'all' },
      message: { type: 'ERROR', error: 'after the restart' },
    };
    // Publish until the re-opened listener hears it (it reconnects after about half a second).
    const deadline = Date.now() + 15_000;
    while (!heard.some((e) => e.message.type === 'ERROR' && e.message.error === 'after the restart')) {
      if (Date.now() > deadline) throw new Error('the broadcaster did not hear messages again');
      await a.publish(envelope);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(lost.length).toBeGreaterThanOrEqual(1);
  });
});
