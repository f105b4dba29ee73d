import type { RateLimit } from './rate-limit.js';

/** An answer of the API other than success: the status, the API's code and its message. */
export class TonemarkApiError extends Error {
  override readonly name = 'TonemarkApiError';
  constructor(
    readonly status: number,
    /** The API's code: VALIDATION, UNAUTHORIZED, FORBIDDEN, PLAN_LIMIT, NOT_FOUND, RATE_LIMITED, … */
    readonly code: string,
    message: string,
    /** For VALIDATION: each failing field and what is wrong with it. */
    readonly fields: Record<string, string> | undefined,
    readonly rateLimit: RateLimit | null,
    /** Seconds to wait, from Retry-After (429). */
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }

  get isRateLimited(): boolean {
    return this.status === 429;
  }
}

/** The request never got an answer (network down, DNS, refused connection, timeout). */
export class TonemarkNetworkError extends Error {
  override readonly name = 'TonemarkNetworkError';
  constructor(
    message: string,
    override readonly cause: unknown,
  ) {
    super(message);
  }
}

/** A webhook whose signature or timestamp does not check out: answer it with a 4xx and drop it. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}
