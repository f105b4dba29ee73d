import type { DeviceFilter } from '@tonemark/shared';
import { type SQL, sql } from 'drizzle-orm';
import { triggerActivations } from '../../db/schema.ts';

// Listeners report osVersion as 'Web' or the browser's user agent (SPEC §3.3), so the platform is
// read from it: iPhone/iPad/iOS for iOS, Android for Android.
const IOS = '(iphone|ipad|ipod|ios)';
const ANDROID = 'android';

export function deviceFilterSql(device: DeviceFilter | undefined): SQL | undefined {
  if (device === 'ios') return sql`${triggerActivations.osVersion} ~* ${IOS}`;
  if (device === 'android') return sql`${triggerActivations.osVersion} ~* ${ANDROID}`;
  return undefined;
}
