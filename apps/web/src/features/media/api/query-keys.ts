import { queryKeysUnder } from '@/lib/query-keys-under';

/** Media query keys live with the feature; library changes invalidate `all`. */
export const mediaKeys = queryKeysUnder('media', {
  library: ['library'],
  segments: (id: number) => [id, 'segments'],
});
