import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { containsPattern } from './list-page.ts';

describe('containsPattern', () => {
  it('matches the user’s %, _ and \\ literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe.each(TEST_DRIVERS)('server-side list paging (%s)', (driver) => {
  let t: TestApp;
  let alice: { cookie: string; user: { id: number } };
  let bob: { cookie: string };

  beforeAll(async () => {
    t = await createTestApp(driver);
    await signUp(t.app, 'admin@example.com');
    alice = await signUp(t.app, 'alice@example.com');
    bob = await signUp(t.app, 'bob@example.com');
    const types = ['URL', 'APP', 'REWARD', 'CUSTOM'] as const;
    for (let i = 1; i <= 12; i++) {
      const type = types[i % 4];
      await t.app.inject({
        method: 'POST',
        url: '/api/triggers',
        headers: { cookie: alice.cookie },
        payload: {
          name: i === 7 ? 'Spring 50%_off' : `Jingle ${i}`,
          description: i === 3 ? 'for the Podcast' : null,
          type,
          actionData: type === 'URL' ? 'https://example.com' : 'x',
          status: 'inactive',
        },
      });
    }
    for (let i = 1; i <= 7; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/campaigns',
        headers: { cookie: alice.cookie },
        payload: { name: i === 2 ? 'Summer launch' : `Campaign ${i}` },
      });
    }
    await t.database.db.insert(mediaFiles).values(
      Array.from({ length: 9 }, (_, i) => ({
        name: i === 4 ? 'Morning show' : `Clip ${i}`,
        type: i % 3 === 0 ? ('video' as const) : ('audio' as const),
        url: `/media/clip-${i}`,
        status: 'ready' as const,
        ownerId: alice.user.id,
      })),
    );
  });
  afterAll(async () => t.close());

  const get = (url: string, cookie = alice.cookie) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('answers the whole trigger list to callers that name no page (SPEC §7)', async () => {
    const all = (await get('/api/triggers')).json();
    expect(Array.isArray(all)).toBe(true);
    expect(all).toHaveLength(12);
    expect((await get('/api/triggers?type=APP')).json()).toHaveLength(3);
  });

  it('pages, searches and filters triggers on the server, newest first', async () => {
    const first = (await get('/api/triggers?page=1&pageSize=5')).json();
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 5, pageCount: 3 });
    expect(first.items.map((x: { name: string }) => x.name)).toEqual([
      'Jingle 12',
      'Jingle 11',
      'Jingle 10',
      'Jingle 9',
      'Jingle 8',
    ]);
    const last = (await get('/api/triggers?page=3&pageSize=5')).json();
    expect(last.items).toHaveLength(2);
    expect((await get('/api/triggers?page=9&pageSize=5')).json()).toMatchObject({ total: 12, items: [] });
    expect((await get('/api/triggers?page=1&pageSize=5&search=podcast')).json()).toMatchObject({
      total: 1,
      items: [{ name: 'Jingle 3' }],
    });
    expect((await get('/api/triggers?page=1&search=50%25_')).json().items).toHaveLength(1);
    expect((await get('/api/triggers?page=1&search=_')).json().items).toHaveLength(1);
    const rewards = (await get('/api/triggers?page=1&pageSize=5&type=REWARD')).json();
    expect(rewards.total).toBe(3);
    expect((await get('/api/triggers?page=1', bob.cookie)).json()).toMatchObject({ total: 0, items: [] });
  });

  it('refuses bad paging with the field named', async () => {
    const response = await get('/api/triggers?page=0&pageSize=500&type=MOVIE');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual(['page', 'pageSize', 'type']);
  });

  it('pages and searches campaigns and the media library the same way', async () => {
    expect((await get('/api/campaigns')).json()).toHaveLength(7);
    expect((await get('/api/campaigns?userId=2&page=2&pageSize=3')).json()).toMatchObject({
      total: 7,
      page: 2,
      pageCount: 3,
    });
    expect((await get('/api/campaigns?page=1&search=summer')).json()).toMatchObject({
      total: 1,
      items: [{ name: 'Summer launch' }],
    });
    expect((await get('/api/media')).json()).toHaveLength(9);
    const media = (await get('/api/media?page=1&pageSize=4&type=video')).json();
    expect(media).toMatchObject({ total: 3, pageCount: 1 });
    expect((await get('/api/media?page=1&search=MORNING')).json().items).toHaveLength(1);
    expect((await get('/api/media?page=1', bob.cookie)).json().total).toBe(0);
  });
});
