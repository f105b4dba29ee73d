export interface ReconnectPolicy {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** SPEC §9: at most 5 retries, 1000 ms doubling up to 30000 ms. */
export const SPEC_RECONNECT_POLICY: ReconnectPolicy = {
  maxRetries: 5,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
};

/** Delay before retry number `retry` (0-based), or null once the retries are spent. */
export function retryDelay(retry: number, policy: ReconnectPolicy = SPEC_RECONNECT_POLICY): number | null {
  if (retry >= policy.maxRetries) return null;
  return Math.min(policy.baseDelayMs * 2 ** retry, policy.maxDelayMs);
}

/** ws:// or wss:// to /ws on the page's own host (secure when the page is, SPEC §7). */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws`;
}
