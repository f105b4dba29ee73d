import { accountPlanQueryKey } from '@/features/account';
import { queryKeysUnder } from '@/lib/query-keys-under';

/** Media query keys live with the feature; library changes invalidate `all`. */
export const mediaKeys = queryKeysUnder('media', {
  library: ['library'],
  segments: (id: number) => [id, 'segments'],
});

/**
 * What any change to the library makes stale: its lists, and the plan's storage used (the meter
 * over the library and on Account Settings counts every file, so adding, cutting, moving or
 * deleting one moves it).
 */
export const libraryChangeKeys = [mediaKeys.all, accountPlanQueryKey] as const;
