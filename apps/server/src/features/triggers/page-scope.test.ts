import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NewTriggerRow, soundTriggers, teamMembers, teams } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';

type Account = { cookie: string; user: { id: number } };
type Listed = { id: number };

/**
 * Manage Triggers pages of a user who is not an admin read personal and team triggers as two
 * halves merged in order (repository.ts, scopedPage): every page, at every size and filter, must
 * be the matching slice of the unpaged list (SPEC §7), which reads the same scope as one OR.
 */
describe.each(TEST_DRIVERS)('trigger pages merge personal and team triggers (%s)', (driver) => {
  let t: TestApp;
  let admin: Account;
  let member: Account;
  let outsider: Account;
  let teamId: number;
  let otherTeamId: number;

  const get = async (url: string, who: Account) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await signUp(t.app, 'page-admin@example.com');
    member = await signUp(t.app, 'page-member@example.com');
    outsider = await signUp(t.app, 'page-outsider@example.com');
    const db = t.database.db;
    const made = await db
      .insert(teams)
      .values([
        { name: 'Member team', ownerId: outsider.user.id },
        { name: 'Not the member team', ownerId: outsider.user.id },
      ])
      .returning();
    teamId = made[0]?.id ?? 0;
    otherTeamId = made[1]?.id ?? 0;
    await db.insert(teamMembers).values([
      { teamId, userId: member.user.id, role: 'viewer' },
      { teamId, userId: outsider.user.id, role: 'admin' },
      { teamId: otherTeamId, userId: outsider.user.id, role: 'admin' },
    ]);
    // Interleaved in time, with ties (same instant) that the id must order.
    const base = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: 23 }, (_, i): NewTriggerRow => {
      const owner = [
        { creatorId: member.user.id, teamId: null },
        { creatorId: outsider.user.id, teamId },
        { creatorId: outsider.user.id, teamId: null },
        { creatorId: member.user.id, teamId: otherTeamId },
        { creatorId: outsider.user.id, teamId: otherTeamId },
      ][i % 5] as { creatorId: number; teamId: number | null };
      return {
        ...owner,
        name: i % 3 === 0 ? `Jingle ${i}` : `Tone ${i}`,
        type: i % 2 === 0 ? 'URL' : 'CUSTOM',
        action: 'OPEN_URL',
        actionData: `https://example.com/${i}`,
        frequencyPattern: [1000 + i, 1200 + i, 1500 + i, 1800 + i],
        publicId: `tm_trg_page_scope_${i}`,
        createdAt: new Date(base + Math.floor(i / 2) * 60_000),
      };
    });
    await db.insert(soundTriggers).values(rows);
  });
  afterAll(async () => {
    await t?.close();
  });

  const filters = [
    '',
    '&type=URL',
    '&search=jingle',
    '&type=CUSTOM&search=%25',
    `&teamId=personal`,
    '&teamId=TEAM',
    '&teamId=OTHER',
  ];

  it.each(['member', 'outsider', 'admin'] as const)(
    'every page of %s is the slice of the whole list',
    async (who) => {
      const account = { member, outsider, admin }[who];
      for (const raw of filters) {
        const filter = raw.replace('TEAM', String(teamId)).replace('OTHER', String(otherTeamId));
        const all = ((await get(`/api/triggers?${filter.slice(1)}`, account)) as Listed[]).map((r) => r.id);
        for (const pageSize of [1, 4, 7, 50]) {
          const seen: number[] = [];
          const pageCount = Math.max(1, Math.ceil(all.length / pageSize));
          for (let page = 1; page <= pageCount + 1; page++) {
            const body = await get(`/api/triggers?page=${page}&pageSize=${pageSize}${filter}`, account);
            expect(body.total, `${who} ${filter} size ${pageSize} page ${page}`).toBe(all.length);
            expect(body.pageCount).toBe(pageCount);
            seen.push(...(body.items as Listed[]).map((r) => r.id));
          }
          expect(seen, `${who} ${filter} size ${pageSize}`).toEqual(all);
        }
      }
    },
  );

  it('the member sees their own and their team triggers, never another team or person', async () => {
    const all = (await get('/api/triggers', member)) as {
      id: number;
      creatorId: number;
      teamId: number | null;
    }[];
    expect(all.length).toBe(10);
    for (const row of all) {
      expect(row.teamId === teamId || (row.teamId === null && row.creatorId === member.user.id)).toBe(true);
    }
    const first = await get('/api/triggers?page=1&pageSize=5', member);
    expect(first.items.map((r: Listed) => r.id)).toEqual(all.slice(0, 5).map((r) => r.id));
    expect(first.total).toBe(10);
  });
});
