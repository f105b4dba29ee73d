import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { teams } from '../../db/schema.ts';

// Whose plan an asset counts against (issue 13, docs/decisions/teams-and-access.md): a person's
// own asset, its maker's; a team's asset, the team owner's (its creator, or the admin who took
// over), as the member limit does. A team left with no owner falls back to the maker.

/** The user whose plan limits an asset made by `makerId` for `teamId` (null: personal) counts against. */
export async function planHolderId(db: Db, makerId: number, teamId: number | null): Promise<number> {
  if (teamId === null) return makerId;
  const [team] = await db.select({ ownerId: teams.ownerId }).from(teams).where(eq(teams.id, teamId));
  return team?.ownerId ?? makerId;
}

/** SQL condition for "rows whose plan holder is `userId`", given a table's maker and team columns. */
export function heldBy(userId: number, maker: AnyPgColumn, team: AnyPgColumn): SQL {
  const owned = sql`(select ${teams.id} from ${teams} where ${teams.ownerId} = ${userId})`;
  const ownerless = sql`(select ${teams.id} from ${teams} where ${teams.ownerId} is null)`;
  return or(
    and(isNull(team), eq(maker, userId)),
    sql`${team} in ${owned}`,
    and(eq(maker, userId), sql`${team} in ${ownerless}`),
  ) as SQL;
}
