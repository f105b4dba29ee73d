import { gunzipSync } from 'node:zlib';
import {
  type Catalogue,
  listeningLinkPath,
  MAX_LISTENING_LINK_TRIGGERS,
  type Trigger,
} from '@tonemark/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, givePlan, signUp, type TestApp } from '../../test/test-app.ts';

// A listening link's catalogue (docs/decisions/listening-links.md): the named triggers that are
// active, nothing else, with the whole catalogue's version and its own ETag.
describe.each(TEST_DRIVERS)('listening link catalogue (%s)', (driver) => {
  let t: TestApp;
  let alice: { cookie: string };
  const mine: Trigger[] = [];
  let stranger: Trigger;

  const get = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/listener/catalogue${query}`, headers });
  const scope = (triggers: readonly Trigger[]) =>
    `?triggers=${triggers.map((x) => x.publicTriggerId).join(',')}`;

  const create = async (cookie: string, name: string, frequencyPattern: number[]) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/triggers',
      headers: { cookie },
      payload: { name, type: 'URL', actionData: 'https://example.com', frequencyPattern },
    });
    expect(response.statusCode).toBe(201);
    return response.json<Trigger>();
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    await signUp(t.app, 'admin@example.com');
    const a = await signUp(t.app, 'alice@example.com');
    const b = await signUp(t.app, 'bob@example.com');
    await givePlan(t, a.user.id);
    alice = a;
    mine.push(await create(a.cookie, 'One', [700, 1100, 1600, 1900]));
    mine.push(await create(a.cookie, 'Two', [800, 1200, 1700, 1450]));
    mine.push(await create(a.cookie, 'Three', [900, 1300, 1800, 1050]));
    stranger = await create(b.cookie, 'Bob', [1500, 1000, 750, 1250]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the owner each trigger’s public id, the one the whole catalogue lists', async () => {
    const whole = (await get('')).json<Catalogue>();
    expect(whole.triggers.map((x) => x.publicTriggerId).sort()).toEqual(
      [...mine, stranger].map((x) => x.publicTriggerId).sort(),
    );
    expect(mine[0]?.publicTriggerId).toMatch(/^tml_[0-9a-f]{32}$/);
  });

  it('answers only the named triggers, in the link’s order, with the whole catalogue’s version', async () => {
    const [one, two, three] = mine as [Trigger, Trigger, Trigger];
    const whole = (await get('')).json<Catalogue>();
    const response = await get(scope([three, one]));
    expect(response.statusCode).toBe(200);
    const body = response.json<Catalogue>();
    expect(body.triggers.map((x) => x.publicTriggerId)).toEqual([three.publicTriggerId, one.publicTriggerId]);
    expect(body.triggers[0]).toEqual(whole.triggers.find((x) => x.publicTriggerId === three.publicTriggerId));
    expect(body.version).toBe(whole.version);
    // Its own ETag: a listener switching between links never gets the other's 304.
    expect(response.headers.etag).toMatch(/^"cat-[0-9a-f]{20}-[0-9a-f]{16}"$/);
    expect(response.headers.etag).not.toBe((await get('')).headers.etag);
    expect(response.headers.etag).not.toBe((await get(scope([one, three]))).headers.etag);
    expect((await get(scope([two]))).json<Catalogue>().triggers).toHaveLength(1);
  });

  it('answers conditional requests and gzip', async () => {
    const query = scope(mine);
    const first = await get(query);
    expect((await get(query, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
    const gz = await get(query, { 'accept-encoding': 'gzip, br' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(first.json());
    expect(first.headers['cache-control']).toContain('max-age=10');
  });

  it('leaves out a named trigger once it stops, and takes it back when it runs again', async () => {
    const [one, two] = mine as [Trigger, Trigger];
    const patch = (status: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/triggers/${two.id}`,
        headers: { cookie: alice.cookie },
        payload: { status },
      });
    const before = await get(scope([one, two]));
    expect((await patch('inactive')).statusCode).toBe(200);
    const stopped = await get(scope([one, two]));
    expect(stopped.json<Catalogue>().triggers.map((x) => x.publicTriggerId)).toEqual([one.publicTriggerId]);
    expect(stopped.headers.etag).not.toBe(before.headers.etag);
    expect((await patch('active')).statusCode).toBe(200);
    expect((await get(scope([one, two]))).json<Catalogue>().triggers).toHaveLength(2);
  });

  it('answers an unknown id with no entry for it, like the whole catalogue', async () => {
    const unknown = `tml_${'0'.repeat(32)}`;
    const body = (await get(`?triggers=${unknown},${mine[0]?.publicTriggerId}`)).json<Catalogue>();
    expect(body.triggers.map((x) => x.publicTriggerId)).toEqual([mine[0]?.publicTriggerId]);
  });

  it('refuses a link that is not one, with a 400 that says why', async () => {
    const id = mine[0]?.publicTriggerId ?? '';
    const tooMany = Array.from(
      { length: MAX_LISTENING_LINK_TRIGGERS + 1 },
      (_, i) => `tml_${i.toString(16).padStart(32, '0')}`,
    ).join(',');
    for (const [query, words] of [
      ['?triggers=', 'public trigger id'],
      ['?triggers=42', 'public trigger id'],
      [`?triggers=${id},${id}`, 'once'],
      [`?triggers=${tooMany}`, `at most ${MAX_LISTENING_LINK_TRIGGERS}`],
      [`?triggers=${id}&triggers=${id}`, ''],
    ] as const) {
      const response = await get(query);
      expect(response.statusCode, query.slice(0, 60)).toBe(400);
      expect(response.body).toContain(words);
    }
  });

  it('ignores other parameters, as a shared link may carry a campaign tag', async () => {
    const response = await get(`${scope(mine)}&utm_source=poster`);
    expect(response.statusCode).toBe(200);
    expect(response.json<Catalogue>().triggers).toHaveLength(3);
  });

  it('builds the listener page’s path from the ids', () => {
    expect(listeningLinkPath([])).toBe('/listener');
    expect(listeningLinkPath(['tml_a', 'tml_b'])).toBe('/listener?triggers=tml_a,tml_b');
  });
});
