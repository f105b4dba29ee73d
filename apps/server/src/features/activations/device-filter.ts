import type { DeviceFilter } from '@tonemark/shared';
import { eq, type SQL } from 'drizzle-orm';
import { triggerActivations } from '../../db/schema.ts';

/** iOS or Android: the platform column the database files each row under at insert time. */
export function deviceFilterSql(device: DeviceFilter | undefined): SQL | undefined {
  if (device === 'ios' || device === 'android') return eq(triggerActivations.platform, device);
  return undefined;
}
