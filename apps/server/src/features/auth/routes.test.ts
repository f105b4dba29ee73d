import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, sessionCookie, type TestApp } from '../../test/test-app.ts';

describe.each(TEST_DRIVERS)('auth routes (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => t.close());

  const register = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });
  const login = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });

  it('makes the first account admin and later ones creator', async () => {
    const first = await register({ email: 'Owner@Example.com', password: 'password-123', username: 'owner' });
    expect(first.statusCode).toBe(201);
    expect(first.json().user).toMatchObject({ email: 'owner@example.com', username: 'owner', role: 'admin' });
    const second = await register({ email: 'second@example.com', password: 'password-123' });
    expect(second.statusCode).toBe(201);
    expect(second.json().user).toMatchObject({ role: 'creator', username: 'second' });
  });

  it('sets an HttpOnly, SameSite=Lax session cookie that /me accepts', async () => {
    const response = await login({ email: 'owner@example.com', password: 'password-123' });
    expect(response.statusCode).toBe(200);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: sessionCookie(response) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('owner@example.com');
    expect(me.json().user).not.toHaveProperty('password');
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    const wrong = await login({ email: 'owner@example.com', password: 'nope-nope' });
    const unknown = await login({ email: 'ghost@example.com', password: 'password-123' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error).toBe(unknown.json().error);
  });

  it('names the bad fields of a registration', async () => {
    const response = await register({ email: 'not-an-email', password: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      email: 'Invalid email',
      password: 'String must contain at least 8 character(s)',
    });
    const empty = await register(undefined);
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a taken email with 409 and stores nothing twice', async () => {
    const response = await register({ email: 'owner@example.com', password: 'password-456' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('An account with this email already exists');
  });

  it('logs out: the old cookie no longer works', async () => {
    const response = await login({ email: 'second@example.com', password: 'password-123' });
    const cookie = sessionCookie(response);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('rate limits repeated sign-in guesses for one account', async () => {
    await register({ email: 'target@example.com', password: 'password-123' });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await login({ email: 'target@example.com', password: `guess-${i}` })).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const limited = await login({ email: 'target@example.com', password: 'password-123' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/Too many sign-in attempts/);
  });
});
