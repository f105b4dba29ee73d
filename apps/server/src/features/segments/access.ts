import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audienceSegments, campaigns, soundTriggers, type UserRow } from '../../db/schema.ts';
import { notFound } from '../../plugins/app-error.ts';
import { campaignVisibleTo } from '../campaigns/repository.ts';
import { assertCanRead, assertCanWrite, type OwnedAsset } from '../teams/access.ts';

// THE access rule of A/B tests, segments and targeting (issue 13), delegated to the teams module
// (features/teams/access.ts): a test is its campaign's, targeting is its trigger's, so a campaign's
// team reads and changes them by team role. Segments are named criteria kept per person (no team
// column): only their creator (or a platform admin) reads and changes them. It lives with the
// segments, the lower of the two features: A/B tests build on segments, never the other way.

export type AccessMode = 'read' | 'write';
export type Asset = { campaignId: number } | { triggerId: number } | { segmentId: number };

async function ownerOf(db: Db, asset: Asset): Promise<OwnedAsset | undefined> {
  const [row] =
    'campaignId' in asset
      ? await db
          .select({ ownerId: campaigns.ownerId, teamId: campaigns.teamId })
          .from(campaigns)
          .where(eq(campaigns.id, asset.campaignId))
      : 'triggerId' in asset
        ? await db
            .select({ ownerId: soundTriggers.creatorId, teamId: soundTriggers.teamId })
            .from(soundTriggers)
            .where(eq(soundTriggers.id, asset.triggerId))
        : await db
            .select({ ownerId: audienceSegments.creatorId, teamId: sql<number | null>`null` })
            .from(audienceSegments)
            .where(eq(audienceSegments.id, asset.segmentId));
  return row;
}

const NAMES = { campaignId: 'Campaign', triggerId: 'Trigger', segmentId: 'Segment' } as const;

/**
 * Throws unless `user` may read or change the asset: 404 when they may not even see it (as the
 * campaigns and triggers routes answer for other people's rows), 403 when they may read but not write.
 */
export async function assertAccess(db: Db, user: UserRow, asset: Asset, mode: AccessMode): Promise<void> {
  const name = NAMES[Object.keys(asset)[0] as keyof typeof NAMES];
  const owned = await ownerOf(db, asset);
  if (!owned) throw notFound(name);
  if (mode === 'write') await assertCanWrite(db, user, owned, name);
  else await assertCanRead(db, user, owned, name);
}

/** The campaigns whose tests `user` may list: own and their teams' (admins all). */
export function readableCampaigns(user: UserRow): SQL {
  return campaignVisibleTo(user) ?? sql`true`;
}

/** The segments `user` may list. */
export function readableSegments(user: UserRow): SQL {
  return user.role === 'admin' ? sql`true` : sql`${audienceSegments.creatorId} = ${user.id}`;
}
