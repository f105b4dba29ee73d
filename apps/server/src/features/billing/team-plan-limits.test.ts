import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeTestMedia } from '@tonemark/ffmpeg';
import { FREE_PLAN, PLAN_LIMIT_CODE } from '@tonemark/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles, users } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { freshPattern } from '../../test/patterns.ts';
import { createTestApp, givePlan, signUp, type TestApp } from '../../test/test-app.ts';
import { postMultipart } from '../media/testing/multipart.ts';
import { type Account, type Call, caller, makeTeam } from '../teams/testing/team-fixture.ts';

/**
 * Issue 13: a team's active triggers and stored bytes count against the team owner's plan, not
 * the plan of the member who made them. The owner is on Pro (seats to invite), the member on Free.
 */
describe.each(TEST_DRIVERS)("team assets count against the team owner's plan (%s)", (driver) => {
  let t: TestApp;
  let call: Call;
  let dir: string;
  let owner: Account;
  let member: Account;
  let teamId: number;
  let n = 0;

  const trigger = (who: Account, team: number | null) =>
    call('POST', '/api/triggers', who, {
      name: `Trigger ${++n}`,
      type: 'URL',
      actionData: 'https://example.com/t',
      status: 'active',
      frequencyPattern: freshPattern(),
      ...(team === null ? {} : { teamId: team }),
    });
  const upload = (who: Account, team: number | null) =>
    postMultipart(
      t.app,
      '/api/media/upload',
      who.cookie,
      { title: `Upload ${++n}`, ...(team === null ? {} : { teamId: String(team) }) },
      {
        field: 'mediaFile',
        filename: 'tone.wav',
        content: { kind: 'path', path: path.join(dir, 'tone.wav') },
      },
    );
  const dropToFree = (who: Account) =>
    t.database.db
      .update(users)
      .set({ subscriptionPlan: null, subscriptionStatus: 'inactive', currentPeriodEnd: null })
      .where(eq(users.id, who.user.id));

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tonemark-team-limits-'));
    await makeTestMedia(path.join(dir, 'tone.wav'), { seconds: 1 });
    t = await createTestApp(driver);
    call = caller(t.app);
    await signUp(t.app, 'platform-admin@example.com');
    owner = await signUp(t.app, 'limits-owner@example.com');
    member = await signUp(t.app, 'limits-member@example.com');
    await givePlan(t, owner.user.id, 'pro');
    teamId = await makeTeam(t.app, owner, 'Limits crew', [[member, 'creator']]);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a Free member activates more team triggers than Free allows while the owner's Pro plan has room", async () => {
    for (let i = 0; i < FREE_PLAN.triggerLimit + 1; i++) {
      const created = await trigger(member, teamId);
      expect(created.statusCode, created.body).toBe(201);
    }
    // Those team triggers are not the member's: their own Free allowance is untouched.
    for (let i = 0; i < FREE_PLAN.triggerLimit; i++) {
      expect((await trigger(member, null)).statusCode).toBe(201);
    }
    const third = await trigger(member, null);
    expect(third.statusCode).toBe(403);
    expect(third.json().code).toBe(PLAN_LIMIT_CODE);
  });

  it("refuses one more active team trigger once the owner's plan is full, and shows the count on the owner's plan", async () => {
    await dropToFree(owner);
    const refused = await trigger(member, teamId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(PLAN_LIMIT_CODE);
    // An inactive one is fine, and switching it to active meets the same limit.
    const paused = await call('POST', '/api/triggers', member, {
      name: 'Inactive team trigger',
      type: 'URL',
      actionData: 'https://example.com/p',
      status: 'inactive',
      frequencyPattern: freshPattern(),
      teamId,
    });
    expect(paused.statusCode, paused.body).toBe(201);
    const activate = await call('PATCH', `/api/triggers/${paused.json().id}`, member, { status: 'active' });
    expect(activate.statusCode).toBe(403);
    expect(activate.json().code).toBe(PLAN_LIMIT_CODE);
    await givePlan(t, owner.user.id, 'pro');
    const again = await call('PATCH', `/api/triggers/${paused.json().id}`, member, { status: 'active' });
    expect(again.statusCode, again.body).toBe(200);
  });

  it("moving an active trigger into a team counts it against the owner's plan", async () => {
    const other = await signUp(t.app, 'limits-small-owner@example.com');
    await givePlan(t, other.user.id, 'pro');
    const small = await makeTeam(t.app, other, 'Small crew', [[owner, 'creator']]);
    await dropToFree(other);
    for (let i = 0; i < FREE_PLAN.triggerLimit; i++) {
      expect((await trigger(other, small)).statusCode).toBe(201);
    }
    const mine = await trigger(owner, null);
    expect(mine.statusCode, mine.body).toBe(201);
    const moved = await call('PATCH', `/api/triggers/${mine.json().id}`, owner, { teamId: small });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().code).toBe(PLAN_LIMIT_CODE);
    await givePlan(t, other.user.id, 'pro');
    const allowed = await call('PATCH', `/api/triggers/${mine.json().id}`, owner, { teamId: small });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().teamId).toBe(small);
  });

  it("stores a team's files against the owner's storage, not the uploader's", async () => {
    // The team already holds almost all of a Free plan's storage, made by the member.
    await t.database.db.insert(mediaFiles).values({
      name: 'Big team file',
      type: 'audio',
      url: '/media/none.wav',
      publicId: 'pub_big_team_file',
      status: 'ready',
      ownerId: member.user.id,
      teamId,
      fileSize: FREE_PLAN.storageLimitBytes - 1000,
      metadata: { storageKey: '', contentType: 'audio/wav' },
    });
    // Owner on Pro: room. The member's own Free storage is still empty, so personal uploads fit too.
    const roomy = await upload(member, teamId);
    expect(roomy.statusCode, roomy.body).toBe(201);
    expect((await upload(member, null)).statusCode).toBe(201);
    await dropToFree(owner);
    const refused = await upload(member, teamId);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe('STORAGE_LIMIT');
    expect((await upload(member, null)).statusCode).toBe(201);
    // The owner's plan screen shows the team's bytes and active triggers as theirs.
    const plan = (await call('GET', '/api/subscriptions/current', owner)).json();
    expect(plan.storage.usedBytes).toBeGreaterThanOrEqual(FREE_PLAN.storageLimitBytes - 1000);
    expect(plan.activeTriggers).toBeGreaterThanOrEqual(FREE_PLAN.triggerLimit + 2);
    const memberPlan = (await call('GET', '/api/subscriptions/current', member)).json();
    expect(memberPlan.storage.usedBytes).toBeLessThan(FREE_PLAN.storageLimitBytes / 2);
    await givePlan(t, owner.user.id, 'pro');
  });
});
