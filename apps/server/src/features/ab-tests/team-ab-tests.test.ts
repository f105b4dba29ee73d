import type { AbTest, AbTestResults } from '@tonemark/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { freshPattern } from '../../test/patterns.ts';
import { createTestApp, givePlan, signUp, type TestApp } from '../../test/test-app.ts';
import { type Account, type Call, caller, makeTeam } from '../teams/testing/team-fixture.ts';

/** A team campaign's A/B test carries the campaign's owner and team, so screens can hide what a viewer may not do. */
describe.each(TEST_DRIVERS)('A/B tests of a team campaign (%s)', (driver) => {
  let t: TestApp;
  let call: Call;
  let owner: Account;
  let viewer: Account;
  let teamId: number;
  let test: AbTest;

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = caller(t.app);
    await signUp(t.app, 'ab-team-admin@example.com');
    owner = await signUp(t.app, 'ab-team-owner@example.com');
    viewer = await signUp(t.app, 'ab-team-viewer@example.com');
    await givePlan(t, owner.user.id, 'pro');
    teamId = await makeTeam(t.app, owner, 'Split crew', [[viewer, 'viewer']]);
    const campaign = await call('POST', '/api/campaigns', owner, { name: 'Team spring', teamId });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const campaignId = campaign.json().id as number;
    const trigger = await call('POST', '/api/triggers', owner, {
      name: 'Team link',
      type: 'URL',
      actionData: 'https://shop.example/team',
      frequencyPattern: freshPattern(),
      campaignId,
      teamId,
    });
    expect(trigger.statusCode, trigger.body).toBe(201);
    const triggerId = trigger.json().id as number;
    const created = await call('POST', '/api/ab-tests', owner, {
      name: 'Team banner',
      campaignId,
      variants: [
        {
          name: 'A',
          triggerId,
          trafficAllocation: 50,
          action: 'OPEN_URL',
          actionData: 'https://shop.example/a',
        },
        {
          name: 'B',
          triggerId,
          trafficAllocation: 50,
          action: 'OPEN_URL',
          actionData: 'https://shop.example/b',
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    test = created.json<AbTest>();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends a team viewer the campaign owner and team with the list, the detail and the results', async () => {
    const owned = { ownerId: owner.user.id, teamId };
    expect(test).toMatchObject(owned);
    const list = await call('GET', '/api/ab-tests', viewer);
    expect(list.statusCode).toBe(200);
    expect(list.json<{ tests: AbTest[] }>().tests.find((x) => x.id === test.id)).toMatchObject(owned);
    const detail = await call('GET', `/api/ab-tests/${test.id}`, viewer);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<AbTest>()).toMatchObject(owned);
    const results = await call('GET', `/api/ab-tests/${test.id}/results`, viewer);
    expect(results.statusCode).toBe(200);
    expect(results.json<AbTestResults>().test).toMatchObject(owned);
  });

  it('refuses the viewer the changes those fields hide (403)', async () => {
    const start = await call('POST', `/api/ab-tests/${test.id}/commands`, viewer, { command: 'start' });
    expect(start.statusCode).toBe(403);
    const variantId = test.variants[0]?.id as number;
    expect((await call('POST', `/api/ab-tests/${test.id}/winner`, viewer, { variantId })).statusCode).toBe(
      403,
    );
  });
});
