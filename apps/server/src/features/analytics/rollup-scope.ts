import { type SQL, sql } from 'drizzle-orm';
import type { UserRow } from '../../db/schema.ts';

/** The rollup rows a user may read: creators their own triggers' (as visibleTo), others all. */
export function ownerScope(user: UserRow): SQL {
  return user.role === 'creator' ? sql`owner_id = ${user.id}` : sql`true`;
}

/** A UTC calendar day as the rollups' `day` column holds it. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
