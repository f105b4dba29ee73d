import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from './broadcaster.ts';
import { PostgresBroadcaster } from './postgres-broadcaster.ts';

const url = process.env.TEST_DATABASE_URL;

// Two broadcasters stand for two server instances sharing one PostgreSQL.
describe.runIf(url)('PostgresBroadcaster', () => {
  let a: PostgresBroadcaster;
  let b: PostgresBroadcaster;
  beforeAll(async () => {
    a = await PostgresBroadcaster.connect(url ?? '');
    b = await PostgresBroadcaster.connect(url ?? '');
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
});
