import { FREE_PLAN, PLAN_LIMIT_CODE } from '@tonemark/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { freshPattern } from '../../test/patterns.ts';
import { createTestApp, givePlan, type TestApp } from '../../test/test-app.ts';
import { type Account, type Call, caller, signUpTeamCast } from '../teams/testing/team-fixture.ts';

/** Issue 13: a campaign moves between personal and a team with its triggers (PATCH teamId). */
describe.each(TEST_DRIVERS)('moving a campaign between personal and a team (%s)', (driver) => {
  let t: TestApp;
  let call: Call;
  let owner: Account;
  let creator: Account;
  let viewer: Account;
  let outsider: Account;
  let teamId: number;

  async function campaignWith(who: Account, team: number | null, triggers: number, status = 'active') {
    const campaign = await call('POST', '/api/campaigns', who, {
      name: `Campaign of ${who.user.email}`,
      ...(team === null ? {} : { teamId: team }),
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const id = campaign.json().id as number;
    for (let i = 0; i < triggers; i++) {
      const trigger = await call('POST', '/api/triggers', who, {
        name: `Trigger ${i}`,
        type: 'URL',
        actionData: 'https://example.com/c',
        status,
        frequencyPattern: freshPattern(),
        ...(team === null ? {} : { teamId: team }),
      });
      expect(trigger.statusCode, trigger.body).toBe(201);
      const joined = await call('POST', `/api/campaigns/${id}/triggers`, who, {
        triggerId: trigger.json().id,
      });
      expect(joined.statusCode, joined.body).toBeLessThan(300);
    }
    return id;
  }
  const triggerTeams = async (campaignId: number, who: Account) =>
    (
      (await call('GET', `/api/campaigns/${campaignId}`, who)).json().triggers as { teamId: number | null }[]
    ).map((tr) => tr.teamId);

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = caller(t.app);
    ({ owner, creator, viewer, outsider, teamId } = await signUpTeamCast(t, 'move'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('moves a personal campaign into a team with its triggers, and back again by its maker', async () => {
    const id = await campaignWith(creator, null, 2);
    expect((await call('GET', `/api/campaigns/${id}`, viewer)).statusCode).toBe(404);
    const moved = await call('PATCH', `/api/campaigns/${id}`, creator, { teamId });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ teamId, triggerCount: 2 });
    expect(await triggerTeams(id, viewer)).toEqual([teamId, teamId]);
    const back = await call('PATCH', `/api/campaigns/${id}`, creator, { teamId: null, name: 'Mine again' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ teamId: null, name: 'Mine again' });
    expect(await triggerTeams(id, creator)).toEqual([null, null]);
    expect((await call('GET', `/api/campaigns/${id}`, viewer)).statusCode).toBe(404);
  });

  it('refuses viewers (403), outsiders (404), a team one is not in (400), and non-makers taking it personal (403)', async () => {
    const id = await campaignWith(owner, teamId, 1);
    expect((await call('PATCH', `/api/campaigns/${id}`, viewer, { teamId: null })).statusCode).toBe(403);
    expect((await call('PATCH', `/api/campaigns/${id}`, outsider, { teamId: null })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/campaigns/${id}`, creator, { teamId: null })).statusCode).toBe(403);
    const mine = await campaignWith(outsider, null, 0);
    const foreign = await call('PATCH', `/api/campaigns/${mine}`, outsider, { teamId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields.teamId).toBe('Team not found');
    expect((await call('GET', `/api/campaigns/${id}`, owner)).json().campaign.teamId).toBe(teamId);
  });

  it("refuses to take a team campaign personal while it holds other members' triggers (409), changing nothing", async () => {
    const id = await campaignWith(owner, teamId, 1);
    const theirs = await call('POST', '/api/triggers', creator, {
      name: 'Creator trigger',
      type: 'URL',
      actionData: 'https://example.com/x',
      frequencyPattern: freshPattern(),
      teamId,
    });
    expect(
      (await call('POST', `/api/campaigns/${id}/triggers`, creator, { triggerId: theirs.json().id }))
        .statusCode,
    ).toBeLessThan(300);
    const refused = await call('PATCH', `/api/campaigns/${id}`, owner, { teamId: null });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('made by other members');
    expect(await triggerTeams(id, owner)).toEqual([teamId, teamId]);
  });

  it("refuses a move whose active triggers would pass the team owner's plan, changing nothing", async () => {
    await t.database.db
      .update(users)
      .set({ subscriptionPlan: null, subscriptionStatus: 'inactive', currentPeriodEnd: null })
      .where(eq(users.id, owner.user.id));
    await givePlan(t, creator.user.id, 'pro');
    const id = await campaignWith(creator, null, FREE_PLAN.triggerLimit + 1);
    const refused = await call('PATCH', `/api/campaigns/${id}`, creator, { teamId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(PLAN_LIMIT_CODE);
    expect(refused.json().error).toContain("team owner's Free plan");
    expect((await call('GET', `/api/campaigns/${id}`, creator)).json().campaign.teamId).toBeNull();
    expect(await triggerTeams(id, creator)).toEqual([null, null, null]);
    const idle = await campaignWith(creator, null, 1, 'inactive');
    expect((await call('PATCH', `/api/campaigns/${idle}`, creator, { teamId })).statusCode).toBe(200);
  });
});
