import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { soundTriggers, type UserRow } from '../../db/schema.ts';
import { memberTeamIds, ownedScope } from '../teams/access.ts';

const COLUMNS = sql.raw(
  'day, platform, device_type, activations, successful, battery_sum, battery_count, converted',
);
const NEGATED = sql.raw(
  'r.day, r.platform, r.device_type, -r.activations, -r.successful, -r.battery_sum, -r.battery_count, -r.converted',
);
const BY_TRIGGER = sql.raw(
  'r.day, r.platform, r.device_type, r.activations, r.successful, r.battery_sum, r.battery_count, r.converted',
);

/**
 * The rollup rows a user may read, as a subquery with the rollup columns: the triggers
 * features/teams/access.ts lets them see (admins all). Personal use stays on the per-owner
 * rollup (cost follows days, not triggers); team triggers are added from the per-trigger rollup,
 * and the caller's own triggers of a team they have left are taken back out.
 */
export function scopedRollups(user: UserRow): SQL {
  if (user.role === 'admin') return sql`select ${COLUMNS} from activation_daily_by_owner`;
  const teams = memberTeamIds(user.id);
  return sql`select ${COLUMNS} from activation_daily_by_owner where owner_id = ${user.id}
    union all select ${NEGATED} from activation_daily_by_trigger r join sound_triggers t on t.id = r.trigger_id
      where t.creator_id = ${user.id} and t.team_id is not null and t.team_id not in ${teams}
    union all select ${BY_TRIGGER} from activation_daily_by_trigger r join sound_triggers t on t.id = r.trigger_id
      where t.team_id in ${teams} and t.creator_id is distinct from ${user.id}`;
}

/** sound_triggers as `t`, for the per-trigger rollups joined to it in raw SQL. */
const t = alias(soundTriggers, 't');

/** The triggers (as `t`) a user may see: the access module's own rule, on the alias; admins all. */
export function scopedTriggerAlias(user: UserRow): SQL {
  return ownedScope(user, { owner: t.creatorId, team: t.teamId }) ?? sql`true`;
}

/** A UTC calendar day as the rollups' `day` column holds it. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
