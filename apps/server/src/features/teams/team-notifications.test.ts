import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, webhookEndpoints, webhookOutbox } from '../../db/schema.ts';
import { createTestApp, givePlan, signUp, type TestApp } from '../../test/test-app.ts';
import { enqueueActivationWebhooks } from '../public-api/webhook-outbox.ts';
import { audienceOf } from './access.ts';

/** A team trigger's webhooks and real-time messages reach its current members, and only them. */
describe('team notifications', () => {
  let t: TestApp;
  let lead: { cookie: string; user: { id: number } };
  let member: { cookie: string; user: { id: number } };
  let outsider: { cookie: string; user: { id: number } };
  let teamId: number;
  const endpointOf = new Map<number, number>();

  beforeAll(async () => {
    t = await createTestApp('postgres');
    await t.app.webhooks.close();
    await signUp(t.app);
    lead = await signUp(t.app);
    member = await signUp(t.app);
    outsider = await signUp(t.app);
    await givePlan(t, lead.user.id, 'pro');
    const call = (method: 'POST', url: string, cookie: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    teamId = (await call('POST', '/api/teams', lead.cookie, { name: 'Crew' })).json().team.id;
    const link = (await call('POST', `/api/teams/${teamId}/invitations`, lead.cookie, {})).json()
      .link as string;
    expect(
      (await call('POST', `/api/invitations/${link.split('/').pop()}/accept`, member.cookie)).statusCode,
    ).toBe(200);
    for (const who of [lead, member, outsider]) {
      const [row] = await t.database.db
        .insert(webhookEndpoints)
        .values({
          userId: who.user.id,
          url: 'http://127.0.0.1:9/x',
          events: ['trigger.activated'],
          secret: 'whsec_x',
        })
        .returning();
      if (row) endpointOf.set(who.user.id, row.id);
    }
  });
  afterAll(async () => t?.close());

  async function queuedFor(triggerTeam: number | null) {
    const activationId = randomUUID();
    await t.database.db.transaction(async (tx) =>
      enqueueActivationWebhooks(tx, [
        {
          activationId,
          triggerId: 1,
          triggerName: 'Crew jingle',
          creatorId: lead.user.id,
          teamId: triggerTeam,
          deviceType: 'Web Listener',
          activatedAt: new Date(),
        },
      ]),
    );
    const rows = await t.database.db.select().from(webhookOutbox);
    const body = (r: { body: string }) => JSON.parse(r.body) as { data: { activationId: string } };
    return rows
      .filter((r) => body(r).data.activationId === activationId)
      .map((r) => r.endpointId)
      .sort();
  }

  it('sends a team trigger’s trigger.activated to every member’s endpoints, not an outsider’s', async () => {
    const expected = [endpointOf.get(lead.user.id), endpointOf.get(member.user.id)].sort();
    expect(await queuedFor(teamId)).toEqual(expected);
    expect(await queuedFor(null)).toEqual([endpointOf.get(lead.user.id)]);
    expect((await audienceOf(t.database.db, { ownerId: lead.user.id, teamId })).sort()).toEqual(
      [lead.user.id, member.user.id].sort(),
    );
  });

  it('stops at once for a removed member', async () => {
    await t.database.db.delete(teamMembers).where(eq(teamMembers.userId, member.user.id));
    expect(await queuedFor(teamId)).toEqual([endpointOf.get(lead.user.id)]);
    expect(await audienceOf(t.database.db, { ownerId: lead.user.id, teamId })).toEqual([lead.user.id]);
  });
});
