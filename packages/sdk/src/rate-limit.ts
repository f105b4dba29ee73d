/** The rate-limit headers of an answer: per key, per minute. */
export interface RateLimit {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

function integer(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  return value !== null && /^[0-9]+$/.test(value) ? Number(value) : null;
}

export function readRateLimit(headers: Headers): RateLimit | null {
  const limit = integer(headers, 'x-ratelimit-limit');
  const remaining = integer(headers, 'x-ratelimit-remaining');
  const resetSeconds = integer(headers, 'x-ratelimit-reset');
  if (limit === null || remaining === null || resetSeconds === null) return null;
  return { limit, remaining, resetSeconds };
}

export function readRetryAfter(headers: Headers): number | null {
  return integer(headers, 'retry-after');
}
