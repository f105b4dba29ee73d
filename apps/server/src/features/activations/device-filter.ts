import { type DeviceFilter, PLATFORM_PATTERNS } from '@tonemark/shared';
import { type SQL, sql } from 'drizzle-orm';
import { triggerActivations } from '../../db/schema.ts';

/** iOS or Android read from the reported user agent (PLATFORM_PATTERNS). */
export function deviceFilterSql(device: DeviceFilter | undefined): SQL | undefined {
  if (device === 'ios') return sql`${triggerActivations.osVersion} ~* ${PLATFORM_PATTERNS.ios}`;
  if (device === 'android') return sql`${triggerActivations.osVersion} ~* ${PLATFORM_PATTERNS.android}`;
  return undefined;
}
