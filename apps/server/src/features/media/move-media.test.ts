import { FREE_PLAN } from '@tonemark/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles, users } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, givePlan, type TestApp } from '../../test/test-app.ts';
import { type Account, type Call, caller, signUpTeamCast } from '../teams/testing/team-fixture.ts';

/** Issue 13: a media file moves between personal and a team on its edit screen (PATCH teamId). */
describe.each(TEST_DRIVERS)('moving a media file between personal and a team (%s)', (driver) => {
  let t: TestApp;
  let call: Call;
  let owner: Account;
  let creator: Account;
  let viewer: Account;
  let outsider: Account;
  let teamId: number;
  let n = 0;

  async function fileOf(who: Account, team: number | null, fileSize = 1000) {
    const [row] = await t.database.db
      .insert(mediaFiles)
      .values({
        name: `File ${++n}`,
        type: 'audio',
        url: '/media/none.wav',
        publicId: `pub_move_${n}`,
        status: 'ready',
        ownerId: who.user.id,
        teamId: team,
        fileSize,
        metadata: { storageKey: '', contentType: 'audio/wav' },
      })
      .returning();
    if (!row) throw new Error('no row');
    return row.id;
  }

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = caller(t.app);
    ({ owner, creator, viewer, outsider, teamId } = await signUpTeamCast(t, 'media'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('moves a personal file into a team, where members see it, and back by its uploader', async () => {
    const id = await fileOf(creator, null);
    expect((await call('GET', `/api/media/${id}`, viewer)).statusCode).toBe(404);
    const moved = await call('PATCH', `/api/media/${id}`, creator, { teamId, title: 'Shared clip' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ teamId, title: 'Shared clip' });
    expect((await call('GET', `/api/media/${id}`, viewer)).json().teamId).toBe(teamId);
    const back = await call('PATCH', `/api/media/${id}`, creator, { teamId: null });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().teamId).toBeNull();
    expect((await call('GET', `/api/media/${id}`, viewer)).statusCode).toBe(404);
  });

  it('refuses viewers (403), outsiders (404), a team one is not in (400), and non-uploaders taking it personal (403)', async () => {
    const id = await fileOf(owner, teamId);
    expect((await call('PATCH', `/api/media/${id}`, viewer, { teamId: null })).statusCode).toBe(403);
    expect((await call('PATCH', `/api/media/${id}`, outsider, { teamId: null })).statusCode).toBe(404);
    const notMaker = await call('PATCH', `/api/media/${id}`, creator, { teamId: null });
    expect(notMaker.statusCode).toBe(403);
    expect(notMaker.json().error).toContain('creator can move it out of the team');
    const foreign = await call('PATCH', `/api/media/${await fileOf(outsider, null)}`, outsider, { teamId });
    expect(foreign.statusCode).toBe(400);
    expect((await call('GET', `/api/media/${id}`, owner)).json().teamId).toBe(teamId);
  });

  it("refuses a move that would pass the team owner's storage (413), and allows it with room", async () => {
    await t.database.db
      .update(users)
      .set({ subscriptionPlan: null, subscriptionStatus: 'inactive', currentPeriodEnd: null })
      .where(eq(users.id, owner.user.id));
    const big = await fileOf(creator, null, FREE_PLAN.storageLimitBytes - 10_000);
    await givePlan(t, creator.user.id, 'pro');
    const small = await fileOf(creator, null, 20_000);
    expect((await call('PATCH', `/api/media/${big}`, creator, { teamId })).statusCode).toBe(200);
    const refused = await call('PATCH', `/api/media/${small}`, creator, { teamId });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe('STORAGE_LIMIT');
    expect((await call('GET', `/api/media/${small}`, creator)).json().teamId).toBeNull();
    await givePlan(t, owner.user.id, 'pro');
    expect((await call('PATCH', `/api/media/${small}`, creator, { teamId })).statusCode).toBe(200);
  });
});
