import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('sign-in and sign-up limits', () => {
  let t: TestApp;
  const login = (email: string, password: string, remoteAddress = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
  const register = (email: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'password-123' },
      remoteAddress,
    });

  beforeAll(async () => {
    t = await createTestApp(
      'postgres',
      {},
      { signUpLimit: { max: 3, windowMs: 3_600_000 }, sessionPurgeMs: 200 },
    );
    expect((await register('owner@example.com', '198.51.100.1')).statusCode).toBe(201);
  });
  afterAll(async () => t?.close());

  it('limits re-spelt emails as one account: padding and case do not buy more guesses', async () => {
    const spellings = [
      'owner@example.com',
      ' owner@example.com',
      'OWNER@example.com ',
      '\towner@EXAMPLE.com',
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      statuses.push((await login(spellings[i % spellings.length] ?? '', `guess-${i}`)).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
    const padded = await login('   Owner@Example.com   ', 'password-123');
    expect(padded.statusCode).toBe(429);
    expect(padded.json().error).toMatch(/Too many sign-in attempts. Try again in \d+ seconds/);
    expect(Number(padded.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('does not lock the owner out: the right password from another address still signs in', async () => {
    const owner = await login('owner@example.com', 'password-123', '192.0.2.50');
    expect(owner.statusCode).toBe(200);
  });

  it('limits sign-ups per address and says so', async () => {
    const address = '198.51.100.99';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await register(`new${i}@example.com`, address)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    // A taken email counts as an attempt too: probing which emails exist is bounded the same way.
    const probe = await register('owner@example.com', address);
    expect(probe.statusCode).toBe(429);
    expect(probe.json().error).toMatch(/Too many sign-ups from this address/);
    expect((await register('elsewhere@example.com', '198.51.100.100')).statusCode).toBe(201);
  });

  it('purges expired sessions on a schedule, and only those', async () => {
    const [{ id } = { id: 0 }] = await t.database.db.select({ id: users.id }).from(users).limit(1);
    // One insert for both: the 200 ms timer may run between any two statements, so the test never
    // asks whether the expired row is still there (that raced the timer on a loaded machine); it
    // asks that the expired row goes and the live one stays.
    await t.database.db.insert(sessions).values([
      { id: 'expired-session-hash', userId: id, expiresAt: new Date(Date.now() - 1000) },
      { id: 'live-session-hash', userId: id, expiresAt: new Date(Date.now() + 3_600_000) },
    ]);
    const count = async (sessionId: string) =>
      (await t.database.db.select().from(sessions).where(sql`${sessions.id} = ${sessionId}`)).length;
    const deadline = Date.now() + 20_000;
    while ((await count('expired-session-hash')) > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await count('expired-session-hash')).toBe(0);
    expect(await count('live-session-hash')).toBe(1);
  });
});
