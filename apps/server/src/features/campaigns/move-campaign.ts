import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { campaigns, soundTriggers, type UserRow } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { planHolderId } from '../billing/plan-holder.ts';
import { assertCanActivateTrigger } from '../billing/plan-limits.ts';
import { assertCanMoveTo, assertCanWrite } from '../teams/access.ts';
import { ownerOf } from '../triggers/serialize.ts';
import { type CampaignRow, campaignTriggers } from './repository.ts';

/**
 * Moves a campaign between personal and a team, or team to team (issue 13), and its triggers with
 * it: a campaign holds only triggers of its own owner, and its A/B tests follow it, so the group
 * moves whole (docs/decisions/teams-and-access.md). The caller has checked write access to the
 * campaign. Refused as a whole when any trigger cannot follow: one the mover may not change, or,
 * back to personal, one made by someone other than the campaign's maker; or when the moved active
 * triggers would take the new plan holder past their plan.
 */
export async function moveCampaign(
  app: FastifyInstance,
  user: UserRow,
  campaign: CampaignRow,
  to: number | null | undefined,
): Promise<void> {
  const teamId = await assertCanMoveTo(app.db, user, campaign, to, 'Campaign');
  if (teamId === undefined) return;
  const triggers = await campaignTriggers(app.db, campaign.id);
  for (const trigger of triggers) await assertCanWrite(app.db, user, ownerOf(trigger), 'Trigger');
  if (teamId === null) {
    const others = triggers.filter((t) => t.creatorId !== campaign.ownerId).length;
    if (others > 0) {
      const message = `${others} of this campaign’s triggers ${others === 1 ? 'was' : 'were'} made by other members: only their makers can take them out of the team`;
      throw new AppError('CONFLICT', message);
    }
  }
  await app.db.transaction(async (tx) => {
    // Active triggers that change plan holder count against the new one (issue 13, plan limits).
    const incoming = new Map<number, number>();
    for (const t of triggers) {
      if (t.status !== 'active' || t.creatorId === null) continue;
      const holder = await planHolderId(tx, t.creatorId, teamId);
      if (holder !== (await planHolderId(tx, t.creatorId, t.teamId))) {
        incoming.set(holder, (incoming.get(holder) ?? 0) + 1);
      }
    }
    for (const [holder, adding] of incoming) await assertCanActivateTrigger(tx, user, holder, adding);
    await tx.update(campaigns).set({ teamId, updatedAt: new Date() }).where(eq(campaigns.id, campaign.id));
    await tx
      .update(soundTriggers)
      .set({ teamId, updatedAt: new Date() })
      .where(eq(soundTriggers.campaignId, campaign.id));
  });
  // A team's triggers reach every member in real time; the catalogue carries the owner.
  if (triggers.length > 0) app.listener.catalogueChanged();
}
