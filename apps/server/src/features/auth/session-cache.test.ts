import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { users } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, sessionCookie, signUp, type TestApp } from '../../test/test-app.ts';
import { SessionCache } from './session-cache.ts';

const user = (id: number) => ({ id, email: `u${id}@example.com` }) as UserRow;

describe('SessionCache', () => {
  it('keeps a sign-in for its short life, never past the session, and forgets all on clear', () => {
    let now = 1_000_000;
    const cache = new SessionCache(2000, 10, () => now);
    cache.set('a', user(1), new Date(now + 60_000), cache.ticket());
    cache.set('b', user(2), new Date(now + 500), cache.ticket());
    expect(cache.get('a')?.id).toBe(1);
    now += 600;
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.id).toBe(1);
    now += 1500;
    expect(cache.get('a')).toBeUndefined();
    cache.set('c', user(3), new Date(now + 60_000), cache.ticket());
    cache.clear();
    expect(cache.get('c')).toBeUndefined();
  });

  it('does not store a lookup that raced with a write', () => {
    const cache = new SessionCache(2000);
    const ticket = cache.ticket();
    cache.clear(); // a sign-out committed while the lookup was in flight
    cache.set('a', user(1), new Date(Date.now() + 60_000), ticket);
    expect(cache.get('a')).toBeUndefined();
  });

  it('holds at most its limit, dropping the oldest', () => {
    const cache = new SessionCache(2000, 2);
    for (const key of ['a', 'b', 'c']) cache.set(key, user(1), new Date(Date.now() + 60_000), cache.ticket());
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')?.id).toBe(1);
  });
});

// Each case reads with the cookie first, so the sign-in is cached when access is taken away.
describe.each(TEST_DRIVERS)('cached sign-ins end at once (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
    await signUp(t.app, 'admin@example.com');
  });
  afterAll(async () => t.close());

  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  const call = (method: 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const login = async (email: string) =>
    sessionCookie(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'password-123' },
      }),
    );
  const primed = async (cookie: string) => {
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200);
  };

  it('sign-out', async () => {
    const { cookie } = await signUp(t.app, 'out@example.com');
    await primed(cookie);
    expect((await call('POST', '/api/auth/logout', cookie)).statusCode).toBeLessThan(300);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('signing the other devices out, and one device out', async () => {
    const { cookie } = await signUp(t.app, 'devices@example.com');
    const second = await login('devices@example.com');
    const third = await login('devices@example.com');
    await primed(second);
    await primed(third);
    const listed = await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie } });
    const { sessions } = listed.json<{ sessions: { id: string; current: boolean }[] }>();
    expect(sessions.length).toBe(3);
    // Ending one other device: which one does not matter, exactly one of the two must go.
    const target = sessions.find((s) => !s.current);
    expect((await call('DELETE', `/api/account/sessions/${target?.id}`, cookie)).statusCode).toBe(204);
    const statuses = [(await me(second)).statusCode, (await me(third)).statusCode].sort();
    expect(statuses).toEqual([200, 401]);
    expect((await call('POST', '/api/account/sessions/sign-out-others', cookie)).statusCode).toBe(204);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(third)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('a password change signs the other devices out', async () => {
    const { cookie } = await signUp(t.app, 'pw@example.com');
    const other = await login('pw@example.com');
    await primed(other);
    const changed = await call('POST', '/api/account/change-password', cookie, {
      currentPassword: 'password-123',
      newPassword: 'new-password-456',
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
  });

  it('account deletion', async () => {
    const { cookie } = await signUp(t.app, 'deleted@example.com');
    await primed(cookie);
    const deleted = await call('DELETE', '/api/account', cookie, {
      currentPassword: 'password-123',
      confirmEmail: 'deleted@example.com',
    });
    expect(deleted.statusCode).toBe(204);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('a role change or a deleted session written in SQL through the app, in or out of a transaction', async () => {
    const { cookie, user: creator } = await signUp(t.app, 'role@example.com');
    await primed(cookie);
    expect((await me(cookie)).json().user.role).toBe('creator');
    await t.database.db.update(users).set({ role: 'viewer' }).where(eq(users.id, creator.id));
    expect((await me(cookie)).json().user.role).toBe('viewer');
    await primed(cookie);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`delete from sessions where user_id = ${creator.id}`);
    });
    expect((await me(cookie)).statusCode).toBe(401);
  });
});
