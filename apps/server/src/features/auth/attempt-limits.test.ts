import { describe, expect, it } from 'vitest';
import { SignInLimiter, WindowCounter } from './attempt-limits.ts';

const options = {
  freeFailures: 3,
  baseLockMs: 1000,
  maxLockMs: 8000,
  addressFailuresPerWindow: 5,
  windowMs: 60_000,
};

describe('SignInLimiter', () => {
  it('locks one address out of one account after the free failures, with doubling backoff', () => {
    const limiter = new SignInLimiter({ ...options, addressFailuresPerWindow: 100 });
    for (let i = 0; i < 3; i++) limiter.recordFailure('a', 'owner', 0);
    expect(limiter.waitMs('a', 'owner', 0)).toBe(1000);
    expect(limiter.waitMs('b', 'owner', 0)).toBe(0);
    limiter.recordFailure('a', 'owner', 1000);
    expect(limiter.waitMs('a', 'owner', 1000)).toBe(2000);
    limiter.recordFailure('a', 'owner', 3000);
    limiter.recordFailure('a', 'owner', 7000);
    expect(limiter.waitMs('a', 'owner', 7000)).toBe(8000);
  });

  it('clears an address and account pair on success', () => {
    const limiter = new SignInLimiter(options);
    for (let i = 0; i < 3; i++) limiter.recordFailure('a', 'owner', 0);
    limiter.recordSuccess('a', 'owner');
    expect(limiter.waitMs('a', 'owner', 0)).toBe(0);
  });

  it('limits one address spraying many accounts', () => {
    const limiter = new SignInLimiter(options);
    for (let i = 0; i < 5; i++) limiter.recordFailure('a', `user${i}`, 0);
    expect(limiter.waitMs('a', 'someone-else', 10)).toBe(59_990);
    expect(limiter.waitMs('b', 'someone-else', 10)).toBe(0);
  });
});

describe('WindowCounter', () => {
  it('allows max per window', () => {
    const counter = new WindowCounter(2, 100);
    counter.add('k', 0);
    expect(counter.waitMs('k', 1)).toBe(0);
    counter.add('k', 1);
    expect(counter.waitMs('k', 50)).toBe(50);
    expect(counter.waitMs('k', 100)).toBe(0);
  });
});
