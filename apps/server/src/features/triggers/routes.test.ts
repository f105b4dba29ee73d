import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, givePlan, signUp, signUpViewer, type TestApp } from '../../test/test-app.ts';

const valid = {
  name: 'Summer promo',
  type: 'URL',
  action: 'OPEN_URL',
  actionData: 'https://example.com/summer',
};

describe.each(TEST_DRIVERS)('trigger routes (%s)', (driver) => {
  let t: TestApp;
  let admin: { cookie: string };
  let alice: { cookie: string; user: { id: number } };
  let bob: { cookie: string; user: { id: number } };
  let viewer: { cookie: string };

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await signUp(t.app, 'admin@example.com');
    alice = await signUp(t.app, 'alice@example.com');
    bob = await signUp(t.app, 'bob@example.com');
    // More active triggers than Free allows: the plan limits have their own tests.
    await givePlan(t, alice.user.id);
    await givePlan(t, bob.user.id);
    const v = await signUpViewer(t, 'viewer@example.com');
    viewer = v;
  });
  afterAll(async () => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    cookie?: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  it('answers 401 to anonymous requests', async () => {
    for (const [method, url] of [
      ['GET', '/api/triggers'],
      ['POST', '/api/triggers'],
      ['GET', '/api/triggers/1'],
      ['PATCH', '/api/triggers/1'],
      ['DELETE', '/api/triggers/1'],
      ['GET', '/api/analytics/summary'],
    ] as const) {
      expect(
        (await call(method, url, undefined, method === 'GET' || method === 'DELETE' ? undefined : valid))
          .statusCode,
      ).toBe(401);
    }
  });

  it('creates a trigger with defaults and answers 201', async () => {
    const response = await call('POST', '/api/triggers', alice.cookie, valid);
    expect(response.statusCode).toBe(201);
    const trigger = response.json();
    expect(trigger).toMatchObject({
      ...valid,
      frequencyPattern: [1000, 1200, 1500, 1800],
      status: 'active',
      isActive: true,
      creatorId: alice.user.id,
      durationMs: 2000,
      signal: 'audible',
      batteryImpactLevel: 'medium',
      priorityLevel: 'medium',
      broadcastMode: 'standard',
      embedCount: 0,
      activationCount: 0,
    });
    expect(trigger.publicId).toMatch(/^tm_trg_[0-9a-f]{32}$/);
    const fetched = await call('GET', `/api/triggers/${trigger.id}`, alice.cookie);
    expect(fetched.json()).toEqual(trigger);
  });

  it('defaults frequencyPattern when it is not an array and derives the action from the type', async () => {
    const response = await call('POST', '/api/triggers', alice.cookie, {
      name: 'Reward drop',
      type: 'REWARD',
      actionData: '{"title":"Free coffee"}',
      frequencyPattern: 'loud',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      action: 'DISPLAY_REWARD',
      frequencyPattern: [1000, 1200, 1500, 1800],
    });
  });

  it.each([
    [{ ...valid, name: undefined }, 'name', 'Required'],
    [{ ...valid, name: '' }, 'name', 'String must contain at least 1 character(s)'],
    [
      { ...valid, frequencyPattern: [1000, 1200, 1500] },
      'frequencyPattern',
      'Array must contain exactly 4 element(s)',
    ],
    [
      { ...valid, frequencyPattern: [1000, 1200, 1500, 2500] },
      'frequencyPattern.3',
      'Number must be less than or equal to 2000',
    ],
    [
      { ...valid, frequencyPattern: [1000, '1200', 1500, 1800] },
      'frequencyPattern.1',
      'Expected number, received string',
    ],
    [
      { ...valid, type: 'SMS' },
      'type',
      "Invalid enum value. Expected 'URL' | 'APP' | 'REWARD' | 'CUSTOM', received 'SMS'",
    ],
    [{ ...valid, actionData: 'javascript:alert(1)' }, 'actionData', 'Must be an http or https URL'],
    [
      { ...valid, status: 'paused' },
      'status',
      "Invalid enum value. Expected 'active' | 'inactive' | 'scheduled', received 'paused'",
    ],
    [{ ...valid, campaignId: 999 }, 'campaignId', 'Campaign not found'],
    [{ ...valid, bogus: 1 }, '(body)', "Unrecognized key(s) in object: 'bogus'"],
  ])('refuses a bad payload with 400 naming the field (%#)', async (payload, field, message) => {
    const before = (await call('GET', '/api/triggers', admin.cookie)).json().length;
    const response = await call('POST', '/api/triggers', alice.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
    expect((await call('GET', '/api/triggers', admin.cookie)).json().length).toBe(before);
  });

  it('lets creators see and change only their own triggers; admins see all', async () => {
    const mine = (await call('POST', '/api/triggers', alice.cookie, { ...valid, name: 'Alice only' })).json();
    expect((await call('GET', `/api/triggers/${mine.id}`, bob.cookie)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/triggers/${mine.id}`, bob.cookie, { name: 'hijack' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/triggers/${mine.id}`, bob.cookie)).statusCode).toBe(404);
    const bobList = (await call('GET', '/api/triggers', bob.cookie)).json();
    expect(bobList.some((x: { id: number }) => x.id === mine.id)).toBe(false);
    const adminList = (await call('GET', '/api/triggers', admin.cookie)).json();
    expect(adminList.some((x: { id: number }) => x.id === mine.id)).toBe(true);
    expect((await call('GET', `/api/triggers/${mine.id}`, alice.cookie)).json().name).toBe('Alice only');
  });

  it('lets viewers read but not write', async () => {
    expect((await call('GET', '/api/triggers', viewer.cookie)).statusCode).toBe(200);
    expect((await call('POST', '/api/triggers', viewer.cookie, valid)).statusCode).toBe(403);
    const someone = (await call('GET', '/api/triggers', admin.cookie)).json()[0];
    expect((await call('DELETE', `/api/triggers/${someone.id}`, viewer.cookie)).statusCode).toBe(403);
  });

  it('patches fields, sets the default action on a type change, and keeps URLs safe', async () => {
    const created = (await call('POST', '/api/triggers', alice.cookie, valid)).json();
    const patched = await call('PATCH', `/api/triggers/${created.id}`, alice.cookie, {
      type: 'APP',
      actionData: 'myapp://open',
      status: 'inactive',
      frequencyPattern: [500, 650, 800, 2000],
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      type: 'APP',
      action: 'LAUNCH_APP',
      isActive: false,
      frequencyPattern: [500, 650, 800, 2000],
    });
    expect(new Date(patched.json().updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(created.updatedAt).getTime(),
    );
    const unsafe = await call('PATCH', `/api/triggers/${created.id}`, alice.cookie, { action: 'OPEN_URL' });
    expect(unsafe.statusCode).toBe(400);
    expect(unsafe.json().fields.actionData).toBe('Must be an http or https URL');
    const bad = await call('PATCH', `/api/triggers/${created.id}`, alice.cookie, { name: 42 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.name).toBe('Expected string, received number');
  });

  it('deletes, then answers 404 for the deleted and for unknown or malformed ids', async () => {
    const created = (await call('POST', '/api/triggers', alice.cookie, valid)).json();
    expect((await call('DELETE', `/api/triggers/${created.id}`, alice.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/triggers/${created.id}`, alice.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/triggers/${created.id}`, alice.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/triggers/987654', admin.cookie)).statusCode).toBe(404);
    const malformed = await call('GET', '/api/triggers/abc', admin.cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields.id).toBe('Must be a whole number written in digits');
    // Past the integer column's range: a clear 400, not a database error.
    const huge = await call('GET', '/api/triggers/99999999999', admin.cookie);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().fields.id).toBe('Number must be less than or equal to 2147483647');
  });

  it('accepts a DELETE sent with a JSON content type and no body, and asks a bodiless POST for its fields', async () => {
    const created = (await call('POST', '/api/triggers', alice.cookie, valid)).json();
    const headers = { cookie: alice.cookie, 'content-type': 'application/json' };
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/triggers/${created.id}`, headers });
    expect(deleted.statusCode).toBe(204);
    const empty = await t.app.inject({ method: 'POST', url: '/api/triggers', headers });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields['(body)']).toBe('Required');
  });

  it('answers 400, not 500, to a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/triggers',
      headers: { cookie: alice.cookie, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Request body is not valid JSON');
  });
});
