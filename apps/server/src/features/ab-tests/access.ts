import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audienceSegments, campaigns, soundTriggers, type UserRow } from '../../db/schema.ts';
import { forbidden, notFound } from '../../plugins/app-error.ts';

// THE access rule of A/B tests, segments and targeting (issue 13). Today's rule is ownership: the
// owner of the campaign (trigger, segment) or a platform admin; a viewer changes nothing. The
// teams work re-points these two functions to its module at merge; nothing else here decides.

export type AccessMode = 'read' | 'write';
export type Asset = { campaignId: number } | { triggerId: number } | { segmentId: number };

async function ownerOf(db: Db, asset: Asset): Promise<{ found: boolean; ownerId: number | null }> {
  const [row] =
    'campaignId' in asset
      ? await db
          .select({ ownerId: campaigns.ownerId })
          .from(campaigns)
          .where(eq(campaigns.id, asset.campaignId))
      : 'triggerId' in asset
        ? await db
            .select({ ownerId: soundTriggers.creatorId })
            .from(soundTriggers)
            .where(eq(soundTriggers.id, asset.triggerId))
        : await db
            .select({ ownerId: audienceSegments.creatorId })
            .from(audienceSegments)
            .where(eq(audienceSegments.id, asset.segmentId));
  return { found: row !== undefined, ownerId: row?.ownerId ?? null };
}

const NAMES = { campaignId: 'Campaign', triggerId: 'Trigger', segmentId: 'Segment' } as const;

/**
 * Throws unless `user` may read or change the asset: 404 when they may not even see it (as the
 * campaigns and triggers routes answer for other people's rows), 403 when they may read but not write.
 */
export async function assertAccess(db: Db, user: UserRow, asset: Asset, mode: AccessMode): Promise<void> {
  const name = NAMES[Object.keys(asset)[0] as keyof typeof NAMES];
  const { found, ownerId } = await ownerOf(db, asset);
  const canRead = found && (user.role === 'admin' || ownerId === user.id);
  if (!canRead) throw notFound(name);
  if (mode === 'write' && user.role === 'viewer') throw forbidden('Viewers can look but not change anything');
}

/** The campaigns (by `owner_id` of the campaigns table) whose tests `user` may list. */
export function readableCampaigns(user: UserRow): SQL {
  return user.role === 'admin' ? sql`true` : sql`${campaigns.ownerId} = ${user.id}`;
}

/** The segments `user` may list. */
export function readableSegments(user: UserRow): SQL {
  return user.role === 'admin' ? sql`true` : sql`${audienceSegments.creatorId} = ${user.id}`;
}
