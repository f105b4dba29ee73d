/**
 * In-memory attempt limits for sign-in and sign-up (docs/decisions/security-hardening.md).
 * Per process: with several instances each keeps its own counts, which multiplies what an
 * attacker gets by the instance count but never locks anyone out for longer.
 */

export interface SignInLimitOptions {
  /** Wrong passwords one address may try for one account before backoff starts. */
  freeFailures: number;
  /** The first lock; each further failure doubles it, up to maxLockMs. */
  baseLockMs: number;
  maxLockMs: number;
  /** Wrong passwords one address may try across all accounts per window (password spraying). */
  addressFailuresPerWindow: number;
  windowMs: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimitOptions = {
  freeFailures: 10,
  baseLockMs: 60_000,
  maxLockMs: 15 * 60_000,
  addressFailuresPerWindow: 100,
  windowMs: 15 * 60_000,
};

interface PairState {
  failures: number;
  lockedUntil: number;
  lastFailure: number;
}

/** Counts per key within fixed windows. */
export class WindowCounter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Milliseconds until `key` may act again, or 0 when it may now. */
  waitMs(key: string, now: number): number {
    const window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) return 0;
    return window.count >= this.max ? window.start + this.windowMs - now : 0;
  }

  add(key: string, now: number): void {
    const window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) this.windows.set(key, { start: now, count: 1 });
    else window.count++;
    if (this.windows.size > 50_000) this.sweep(now);
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows)
      if (now - window.start >= this.windowMs) this.windows.delete(key);
  }
}

/**
 * Sign-in limits keyed on the address *and* the normalised account: a stranger's guesses lock
 * only the stranger's own address out of that account, so the owner signing in from anywhere
 * else is never refused. The lock grows with each further failure (1, 2, 4 ... 15 min) and a
 * success from that address clears it.
 */
export class SignInLimiter {
  private readonly pairs = new Map<string, PairState>();
  private readonly addresses: WindowCounter;

  constructor(private readonly options: SignInLimitOptions = DEFAULT_SIGN_IN_LIMITS) {
    this.addresses = new WindowCounter(options.addressFailuresPerWindow, options.windowMs);
  }

  private static key(address: string, account: string) {
    return `${address}\u0000${account}`;
  }

  /** Milliseconds until this address may try this account again, or 0. */
  waitMs(address: string, account: string, now = Date.now()): number {
    const pair = this.pairs.get(SignInLimiter.key(address, account));
    const pairWait = pair ? Math.max(0, pair.lockedUntil - now) : 0;
    return Math.max(pairWait, this.addresses.waitMs(address, now));
  }

  recordFailure(address: string, account: string, now = Date.now()): void {
    const key = SignInLimiter.key(address, account);
    const { freeFailures, baseLockMs, maxLockMs } = this.options;
    let pair = this.pairs.get(key);
    // A pair quiet for a whole max lock starts over: old typos do not count against the owner.
    if (!pair || now - pair.lastFailure > maxLockMs + this.options.windowMs) {
      pair = { failures: 0, lockedUntil: 0, lastFailure: now };
      this.pairs.set(key, pair);
    }
    pair.failures++;
    pair.lastFailure = now;
    const over = pair.failures - freeFailures;
    if (over >= 0) pair.lockedUntil = now + Math.min(maxLockMs, baseLockMs * 2 ** Math.min(over, 20));
    this.addresses.add(address, now);
    if (this.pairs.size > 50_000) this.sweep(now);
  }

  recordSuccess(address: string, account: string): void {
    this.pairs.delete(SignInLimiter.key(address, account));
  }

  private sweep(now: number) {
    const stale = this.options.maxLockMs + this.options.windowMs;
    for (const [key, pair] of this.pairs)
      if (now - pair.lastFailure > stale && pair.lockedUntil < now) this.pairs.delete(key);
  }
}
