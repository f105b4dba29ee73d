import { randomUUID } from 'node:crypto';
import type {
  AbTest,
  AbTestResults,
  AnalyticsPerformance,
  Catalogue,
  DetectionResult,
} from '@tonemark/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soundTriggers, triggerActivations } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { freshPattern } from '../../test/patterns.ts';
import { createTestApp, givePlan, signUp, signUpViewer, type TestApp } from '../../test/test-app.ts';
import { makeTeam } from '../teams/testing/team-fixture.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36';

describe.each(TEST_DRIVERS)('A/B tests, conversions and segments (%s)', (driver) => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUp>>;
  let bob: Awaited<ReturnType<typeof signUp>>;
  let campaignId: number;
  let linkTrigger: { id: number; publicId: string };
  let rewardTrigger: { id: number; publicId: string };
  let test: AbTest;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    cookie?: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  const detect = async (publicTriggerId: string, deviceId: string, extra: Record<string, unknown> = {}) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/listener/detections',
      payload: {
        detections: [
          {
            activationId: randomUUID(),
            publicTriggerId,
            detectedAt: new Date().toISOString(),
            deviceId,
            deviceType: 'Web Listener',
            osVersion: IPHONE,
            ...extra,
          },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ results: DetectionResult[] }>().results[0] as DetectionResult;
  };
  const row = async (activationId: string) =>
    (
      await t.database.db
        .select()
        .from(triggerActivations)
        .where(eq(triggerActivations.activationId, activationId))
    )[0];

  const makeTrigger = async (payload: object) => {
    const response = await call('POST', '/api/triggers', alice.cookie, {
      frequencyPattern: freshPattern(),
      campaignId,
      ...payload,
    });
    expect(response.statusCode).toBe(201);
    const id = response.json<{ id: number }>().id;
    const [trigger] = await t.database.db.select().from(soundTriggers).where(eq(soundTriggers.id, id));
    return { id, publicId: trigger?.listenerId as string };
  };

  const variants = (a = 70) => [
    {
      name: 'Control',
      triggerId: linkTrigger.id,
      trafficAllocation: a,
      action: 'OPEN_URL',
      actionData: 'https://shop.example/a',
    },
    {
      name: 'Big banner',
      triggerId: linkTrigger.id,
      trafficAllocation: 100 - a,
      action: 'OPEN_URL',
      actionData: 'https://shop.example/b',
    },
  ];

  beforeAll(async () => {
    t = await createTestApp(driver);
    await signUp(t.app, 'admin@example.com');
    alice = await signUp(t.app, 'alice-ab@example.com');
    bob = await signUp(t.app, 'bob-ab@example.com');
    await givePlan(t, alice.user.id, 'pro');
    campaignId = (await call('POST', '/api/campaigns', alice.cookie, { name: 'Spring' })).json<{
      id: number;
    }>().id;
    linkTrigger = await makeTrigger({
      name: 'Shop link',
      type: 'URL',
      action: 'OPEN_URL',
      actionData: 'https://shop.example/original',
      conversionGoal: 'purchase',
    });
    rewardTrigger = await makeTrigger({ name: 'Reward', type: 'REWARD', actionData: '{"title":"TEN"}' });
  });
  afterAll(async () => t.close());

  it('is gated to the plans with A/B testing', async () => {
    const bobCampaign = (await call('POST', '/api/campaigns', bob.cookie, { name: 'Bob' })).json<{
      id: number;
    }>().id;
    const refused = await call('POST', '/api/ab-tests', bob.cookie, {
      name: 'Nope',
      campaignId: bobCampaign,
      variants: variants(),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PLAN_REQUIRED' });
    const listed = (await call('GET', '/api/ab-tests', bob.cookie)).json<{
      planIncludesAbTesting: boolean;
    }>();
    expect(listed.planIncludesAbTesting).toBe(false);
    await givePlan(t, bob.user.id, 'starter');
    expect(
      (
        await call('POST', '/api/ab-tests', bob.cookie, {
          name: 'N',
          campaignId: bobCampaign,
          variants: variants(),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses bad tests with 400 and other accounts with 404', async () => {
    const sum = await call('POST', '/api/ab-tests', alice.cookie, {
      name: 'x',
      campaignId,
      variants: variants().map((v) => ({ ...v, trafficAllocation: 40 })),
    });
    expect(sum.statusCode).toBe(400);
    expect(sum.json<{ error: string }>().error).toMatch(/add up to 100/);
    const unsafe = await call('POST', '/api/ab-tests', alice.cookie, {
      name: 'x',
      campaignId,
      variants: variants().map((v) => ({ ...v, actionData: 'javascript:alert(1)' })),
    });
    expect(unsafe.statusCode).toBe(400);
    const bobTrigger = await call('POST', '/api/triggers', bob.cookie, {
      name: 'B',
      type: 'URL',
      action: 'OPEN_URL',
      actionData: 'https://b.example',
      frequencyPattern: freshPattern(),
    });
    const foreign = await call('POST', '/api/ab-tests', alice.cookie, {
      name: 'x',
      campaignId,
      variants: [variants()[0], { ...variants()[1], triggerId: bobTrigger.json<{ id: number }>().id }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(
      (await call('POST', '/api/ab-tests', bob.cookie, { name: 'x', campaignId, variants: variants() }))
        .statusCode,
    ).toBe(404);
  });

  it('creates, starts and serves variants close to the allocation, sticky per device', async () => {
    const created = await call('POST', '/api/ab-tests', alice.cookie, {
      name: 'Landing page',
      campaignId,
      variants: variants(70),
    });
    expect(created.statusCode).toBe(201);
    test = created.json<AbTest>();
    expect(test.status).toBe('draft');
    expect(test).toMatchObject({ ownerId: alice.user.id, teamId: null });
    expect((await call('GET', `/api/ab-tests/${test.id}`, bob.cookie)).statusCode).toBe(404);
    const viewer = await signUpViewer(t);
    expect(
      (await call('POST', `/api/ab-tests/${test.id}/commands`, viewer.cookie, { command: 'start' }))
        .statusCode,
    ).toBe(404);
    const started = await call('POST', `/api/ab-tests/${test.id}/commands`, alice.cookie, {
      command: 'start',
    });
    expect(started.statusCode).toBe(200);
    expect(started.json<AbTest>().status).toBe('running');
    // A public trigger in a running test ships no action: each device gets its variant from the server.
    await call('PATCH', `/api/triggers/${linkTrigger.id}`, alice.cookie, { isPublic: true });
    const catalogue = (await call('GET', '/api/listener/catalogue')).json<Catalogue>();
    expect(
      catalogue.triggers.find((e) => e.publicTriggerId === linkTrigger.publicId)?.publicAction,
    ).toBeNull();

    const [control, banner] = test.variants as [AbTest['variants'][number], AbTest['variants'][number]];
    const served = new Map<number, number>();
    const devices = 400;
    for (let i = 0; i < devices; i++) {
      const result = await detect(linkTrigger.publicId, `sim-device-${i}`);
      expect(result.status).toBe('accepted');
      if (result.status !== 'accepted') continue;
      // Every link goes through the tracked redirect for this activation.
      expect(result.action.actionData).toMatch(new RegExp(`/api/conversions/click/${result.activationId}$`));
      const variantId = (await row(result.activationId))?.abVariantId as number;
      served.set(variantId, (served.get(variantId) ?? 0) + 1);
    }
    // 70 % of 400 = 280, binomial sd ≈ 9.2: ±40 is over 4 sd.
    expect(Math.abs((served.get(control.id) ?? 0) - 280)).toBeLessThan(40);
    expect((served.get(control.id) ?? 0) + (served.get(banner.id) ?? 0)).toBe(devices);

    // Sticky: the same device hears it again later and gets the same variant.
    const first = await detect(linkTrigger.publicId, 'sticky-device');
    const later = await detect(linkTrigger.publicId, 'sticky-device', {
      detectedAt: new Date(Date.now() + 5000).toISOString(),
    });
    const again = await detect(linkTrigger.publicId, 'sticky-device', {
      detectedAt: new Date(Date.now() + 10_000).toISOString(),
    });
    const ids = await Promise.all(
      [first, later, again].map(async (r) => (await row(r.activationId))?.abVariantId),
    );
    expect(new Set(ids).size).toBe(1);

    const results = (
      await call('GET', `/api/ab-tests/${test.id}/results`, alice.cookie)
    ).json<AbTestResults>();
    expect(results.variants.reduce((s, v) => s + v.activations, 0)).toBe(devices + 3);
    expect(results.variants.reduce((s, v) => s + v.served, 0)).toBe(devices + 1);
    expect(results.method).toMatch(/z-test/);
  });

  it('counts a tracked click and a goal for the variant served, once, and redirects only to its URL', async () => {
    const [, banner] = test.variants as [AbTest['variants'][number], AbTest['variants'][number]];
    let activationId = '';
    for (let i = 0; !activationId; i++) {
      const r = await detect(linkTrigger.publicId, `convert-${i}`);
      if ((await row(r.activationId))?.abVariantId === banner.id) activationId = r.activationId;
    }
    const before = (
      await call('GET', `/api/ab-tests/${test.id}/results`, alice.cookie)
    ).json<AbTestResults>();
    const click = await t.app.inject({
      method: 'GET',
      url: `/api/conversions/click/${activationId}?to=https://evil.example`,
    });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe(`https://shop.example/b?tm_activation=${activationId}`);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/conversions/click/${activationId}` })).statusCode,
    ).toBe(302);

    const goal = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/conversions/goal',
        payload,
        headers: { origin: 'https://shop.example' },
      });
    const reported = await goal({ activationId, goal: 'purchase' });
    expect(reported.statusCode).toBe(200);
    expect(reported.headers['access-control-allow-origin']).toBe('*');
    expect(reported.headers['access-control-allow-credentials']).toBeUndefined();
    expect(reported.json()).toEqual({ activationId, goal: 'purchase', duplicate: false });
    expect((await goal({ activationId, goal: 'purchase' })).json()).toMatchObject({ duplicate: true });
    expect((await goal({ activationId, goal: 'signup' })).statusCode).toBe(400);
    expect((await goal({ activationId: randomUUID(), goal: 'purchase' })).statusCode).toBe(404);
    expect((await goal({ activationId: 'not-a-uuid', goal: 'purchase' })).statusCode).toBe(400);
    const pixel = await t.app.inject({
      method: 'GET',
      url: `/api/conversions/pixel.gif?activationId=${activationId}&goal=purchase`,
    });
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/conversions/goal',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);

    const after = (await call('GET', `/api/ab-tests/${test.id}/results`, alice.cookie)).json<AbTestResults>();
    const of = (r: AbTestResults) => r.variants.find((v) => v.variantId === banner.id);
    expect((of(after)?.conversions ?? 0) - (of(before)?.conversions ?? 0)).toBe(1);
    expect((of(after)?.clicks ?? 0) - (of(before)?.clicks ?? 0)).toBe(1);
    expect((of(after)?.goals ?? 0) - (of(before)?.goals ?? 0)).toBe(1);
    const control = after.variants.find((v) => v.variantId !== banner.id);
    expect(control?.conversions).toBe(0);
    expect(of(after)?.interval.high).toBeGreaterThan(0);
  });

  it('has no redirect for actions that are not links, and refuses bad ids', async () => {
    const reward = await detect(rewardTrigger.publicId, 'reward-device');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/conversions/click/${reward.activationId}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/conversions/click/${randomUUID()}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/conversions/click/https%3A%2F%2Fevil.example' }))
        .statusCode,
    ).toBe(400);
    // The reward trigger has no goal.
    const noGoal = await t.app.inject({
      method: 'POST',
      url: '/api/conversions/goal',
      payload: { activationId: reward.activationId, goal: 'purchase' },
    });
    expect(noGoal.statusCode).toBe(409);
  });

  it('pauses (the trigger runs its own action) and declaring a winner keeps the winning action', async () => {
    expect(
      (
        await call('POST', `/api/ab-tests/${test.id}/commands`, alice.cookie, { command: 'pause' })
      ).json<AbTest>().status,
    ).toBe('paused');
    const paused = await detect(linkTrigger.publicId, 'after-pause');
    expect((await row(paused.activationId))?.abVariantId).toBeNull();
    expect(
      (await call('POST', `/api/ab-tests/${test.id}/commands`, alice.cookie, { command: 'pause' }))
        .statusCode,
    ).toBe(409);
    const [, banner] = test.variants as [AbTest['variants'][number], AbTest['variants'][number]];
    const won = await call('POST', `/api/ab-tests/${test.id}/winner`, alice.cookie, { variantId: banner.id });
    expect(won.statusCode).toBe(200);
    expect(won.json<AbTest>()).toMatchObject({ status: 'ended', winnerVariantId: banner.id });
    const [trigger] = await t.database.db
      .select()
      .from(soundTriggers)
      .where(eq(soundTriggers.id, linkTrigger.id));
    expect(trigger?.actionData).toBe('https://shop.example/b');
    expect(
      (await call('POST', `/api/ab-tests/${test.id}/commands`, alice.cookie, { command: 'start' }))
        .statusCode,
    ).toBe(409);
  });

  it('runs a segment-targeted trigger only for matching devices and records the segment', async () => {
    const created = await call('POST', '/api/segments', alice.cookie, {
      name: 'Phones',
      criteria: { platforms: ['mobile'] },
    });
    expect(created.statusCode).toBe(201);
    const segmentId = created.json<{ id: number }>().id;
    expect(
      (
        await call('POST', '/api/segments', alice.cookie, {
          name: 'Bad',
          criteria: { platforms: ['fridge'] },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('PUT', `/api/segments/targeting/${rewardTrigger.id}`, bob.cookie, {
          segmentIds: [segmentId],
        })
      ).statusCode,
    ).toBe(404);
    const target = await call('PUT', `/api/segments/targeting/${rewardTrigger.id}`, alice.cookie, {
      segmentIds: [segmentId],
    });
    expect(target.statusCode).toBe(200);

    const phone = await detect(rewardTrigger.publicId, 'phone-device-1');
    expect(phone.status).toBe('accepted');
    expect((await row(phone.activationId))?.audienceSegment).toBe(String(segmentId));
    const desktop = await detect(rewardTrigger.publicId, 'desktop-device-1', { osVersion: DESKTOP });
    expect(desktop).toMatchObject({ status: 'refused', reason: 'not-targeted' });
    expect(await row(desktop.activationId)).toBeUndefined();

    const listed = (await call('GET', '/api/segments', alice.cookie)).json<{
      segments: { id: number; targetedTriggerIds: number[] }[];
    }>();
    expect(listed.segments.find((s) => s.id === segmentId)?.targetedTriggerIds).toEqual([rewardTrigger.id]);
    expect((await call('DELETE', `/api/segments/${segmentId}`, alice.cookie)).statusCode).toBe(409);

    const performance = (
      await call('GET', '/api/analytics/performance', alice.cookie)
    ).json<AnalyticsPerformance>();
    expect(performance.segmentPerformance).toEqual([
      expect.objectContaining({ segmentId, name: 'Phones', activations: expect.any(Number) }),
    ]);
    expect(performance.conversions).toBe(1);
    expect(performance.conversionRate).toBeGreaterThan(0);
    expect(performance.campaignPerformance[0]).toMatchObject({ campaignId, name: 'Spring', conversions: 1 });
    expect(performance.hourlyActivity.reduce((s, n) => s + n, 0)).toBe(
      performance.campaignPerformance[0]?.activations,
    );
    expect(performance.weeklyActivity[new Date().getUTCDay()]).toBeGreaterThan(0);
    // Bob sees none of it.
    const bobs = (await call('GET', '/api/analytics/performance', bob.cookie)).json<AnalyticsPerformance>();
    expect(bobs.segmentPerformance).toEqual([]);
    expect(bobs.conversions).toBe(0);
  });

  it('gives a device only the variants whose segments it is in', async () => {
    const coupon = await makeTrigger({ name: 'Coupon', type: 'REWARD', actionData: '{"title":"5%"}' });
    const segments = (await call('GET', '/api/segments', alice.cookie)).json<{
      segments: { id: number; name: string }[];
    }>();
    const phones = segments.segments.find((s) => s.name === 'Phones')?.id as number;
    const created = await call('POST', '/api/ab-tests', alice.cookie, {
      name: 'Phones get more',
      campaignId,
      variants: [
        {
          name: 'Everyone',
          triggerId: coupon.id,
          trafficAllocation: 50,
          action: 'DISPLAY_REWARD',
          actionData: '{"title":"5%"}',
        },
        {
          name: 'Phones only',
          triggerId: coupon.id,
          trafficAllocation: 50,
          action: 'DISPLAY_REWARD',
          actionData: '{"title":"15%"}',
          segmentIds: [phones],
        },
      ],
    });
    expect(created.statusCode).toBe(201);
    const phoneTest = created.json<AbTest>();
    expect(
      (await call('POST', `/api/ab-tests/${phoneTest.id}/commands`, alice.cookie, { command: 'start' }))
        .statusCode,
    ).toBe(200);
    const titles = async (osVersion: string, prefix: string) => {
      const seen = new Set<string>();
      for (let i = 0; i < 40; i++) {
        const r = await detect(coupon.publicId, `${prefix}-device-${i}`, { osVersion });
        if (r.status === 'accepted') seen.add(r.action.actionData);
      }
      return seen;
    };
    expect(await titles(DESKTOP, 'desk')).toEqual(new Set(['{"title":"5%"}']));
    expect(await titles(IPHONE, 'phone')).toEqual(new Set(['{"title":"5%"}', '{"title":"15%"}']));

    // Deleting the trigger takes its variants: the results still answer, and the test cannot restart.
    expect((await call('DELETE', `/api/triggers/${coupon.id}`, alice.cookie)).statusCode).toBe(204);
    const emptied = await call('GET', `/api/ab-tests/${phoneTest.id}/results`, alice.cookie);
    expect(emptied.statusCode).toBe(200);
    expect(emptied.json<AbTestResults>()).toMatchObject({ variants: [], baselineVariantId: null });
    await call('POST', `/api/ab-tests/${phoneTest.id}/commands`, alice.cookie, { command: 'pause' });
    expect(
      (await call('POST', `/api/ab-tests/${phoneTest.id}/commands`, alice.cookie, { command: 'start' }))
        .statusCode,
    ).toBe(409);
  });

  it("sends a team viewer its team campaign's owner and team with the test, and refuses its changes (403)", async () => {
    const carol = await signUp(t.app, 'carol-ab@example.com');
    const teamId = await makeTeam(t.app, alice, 'Split crew', [[carol, 'viewer']]);
    const teamCampaign = await call('POST', '/api/campaigns', alice.cookie, { name: 'Team spring', teamId });
    expect(teamCampaign.statusCode, teamCampaign.body).toBe(201);
    const teamTrigger = await call('POST', '/api/triggers', alice.cookie, {
      name: 'Team link',
      type: 'URL',
      actionData: 'https://shop.example/team',
      frequencyPattern: freshPattern(),
      campaignId: teamCampaign.json<{ id: number }>().id,
      teamId,
    });
    expect(teamTrigger.statusCode, teamTrigger.body).toBe(201);
    const triggerId = teamTrigger.json<{ id: number }>().id;
    const created = await call('POST', '/api/ab-tests', alice.cookie, {
      name: 'Team banner',
      campaignId: teamCampaign.json<{ id: number }>().id,
      variants: variants(50).map((v) => ({ ...v, triggerId })),
    });
    expect(created.statusCode, created.body).toBe(201);
    const teamTest = created.json<AbTest>();
    const owned = { ownerId: alice.user.id, teamId };
    expect(teamTest).toMatchObject(owned);
    const list = (await call('GET', '/api/ab-tests', carol.cookie)).json<{ tests: AbTest[] }>().tests;
    expect(list.find((x) => x.id === teamTest.id)).toMatchObject(owned);
    expect((await call('GET', `/api/ab-tests/${teamTest.id}`, carol.cookie)).json<AbTest>()).toMatchObject(
      owned,
    );
    const results = await call('GET', `/api/ab-tests/${teamTest.id}/results`, carol.cookie);
    expect(results.statusCode).toBe(200);
    expect(results.json<AbTestResults>().test).toMatchObject(owned);
    const start = await call('POST', `/api/ab-tests/${teamTest.id}/commands`, carol.cookie, {
      command: 'start',
    });
    expect(start.statusCode).toBe(403);
    const winner = await call('POST', `/api/ab-tests/${teamTest.id}/winner`, carol.cookie, {
      variantId: teamTest.variants[0]?.id,
    });
    expect(winner.statusCode).toBe(403);
  });
});
