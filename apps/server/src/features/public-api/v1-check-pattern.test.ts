import { examplePatternCheck, type PatternCheckResult } from '@tonemark/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createApiKey, createTestApp, signUp, signUpViewer, type TestApp } from '../../test/test-app.ts';

// POST /api/v1/triggers/check-pattern: the dashboard form's check, for clients of the public API.

const OUTRO = [1000, 1200, 1500, 1800];

describe.each(TEST_DRIVERS)('public API pattern check (%s)', (driver) => {
  let t: TestApp;
  let adminKey: string;
  let aliceKey: string;
  let bobKey: string;
  let outroId: number;

  const v1 = (url: string, key: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: key ? { 'x-api-key': key } : {},
      payload: payload as object,
    });
  const check = async (key: string, payload: unknown): Promise<PatternCheckResult> => {
    const response = await v1('/api/v1/triggers/check-pattern', key, payload);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ success: boolean; data: PatternCheckResult }>();
    expect(body.success).toBe(true);
    return body.data;
  };

  beforeAll(async () => {
    t = await createTestApp(driver, {}, {});
    const admin = await signUp(t.app, 'admin@example.com');
    const alice = await signUp(t.app, 'alice@example.com');
    const bob = await signUp(t.app, 'bob@example.com');
    adminKey = await createApiKey(t.app, admin.cookie);
    aliceKey = await createApiKey(t.app, alice.cookie);
    bobKey = await createApiKey(t.app, bob.cookie);
    const created = await v1('/api/v1/triggers', aliceKey, {
      name: 'Podcast outro',
      type: 'audible',
      frequencyPattern: OUTRO,
      duration: 2000,
      actionType: 'url',
      actionPayload: 'https://example.com/outro',
    });
    expect(created.statusCode, created.body).toBe(201);
    outroId = created.json<{ data: { id: number } }>().data.id;
  });
  afterAll(async () => t?.close());

  it("answers the documented example for the owner's own trigger, sentences included", async () => {
    const data = await check(aliceKey, {
      frequencyPattern: [600, 1200, 1500, 1800],
      type: 'audible',
      duration: 2000,
    });
    const [example] = examplePatternCheck.confusableWith;
    expect(data).toEqual({
      confusableWith: [
        { ...example, id: outroId, reason: example?.reason.replace('trigger 42', `trigger ${outroId}`) },
      ],
      warnings: examplePatternCheck.warnings,
    });
  });

  it("names another account's trigger by its kind only, even to an admin's key", async () => {
    for (const key of [bobKey, adminKey]) {
      const data = await check(key, { frequencyPattern: OUTRO });
      expect(data.confusableWith).toEqual([
        {
          yours: false,
          id: null,
          name: null,
          frequencyPattern: null,
          kind: 'same',
          similarity: 1,
          reason: 'Taken: an active trigger on the platform sounds the same to the detector.',
        },
      ]);
    }
  });

  it('leaves out the trigger being changed, and reads a viewer key', async () => {
    expect((await check(aliceKey, { frequencyPattern: OUTRO, excludeId: outroId })).confusableWith).toEqual(
      [],
    );
    const viewer = await signUpViewer(t, 'viewer@example.com');
    const data = await check(await createApiKey(t.app, viewer.cookie), {
      frequencyPattern: [1900, 1650, 1350, 1100],
    });
    expect(data).toEqual({ confusableWith: [], warnings: [] });
  });

  it('warns of a repeated tone and of low tones where the signal plays them as set', async () => {
    const audible = await check(aliceKey, { frequencyPattern: [550, 1300, 1300, 1700] });
    expect(audible.warnings).toHaveLength(2);
    expect(audible.warnings[0]).toMatch(/^1300 Hz plays more than once/);
    expect(audible.warnings[1]).toMatch(/^550 Hz carries less well across a room/);
    // Over 13 kHz neither music's notes nor voices reach: nothing to warn of.
    expect(
      (await check(aliceKey, { frequencyPattern: [550, 1300, 1300, 1700], type: 'ultrasonic' })).warnings,
    ).toEqual([]);
  });

  it('refuses bad input wrapped, naming the field, and a missing key', async () => {
    const cases: [unknown, string][] = [
      [{ frequencyPattern: [1000, 1200, 1500] }, 'frequencyPattern'],
      [{ frequencyPattern: [1000, 1200, 1500, 9000] }, 'frequencyPattern'],
      [{ frequencyPattern: OUTRO, duration: 100 }, 'duration'],
      [{ frequencyPattern: OUTRO, type: 'loud' }, 'type'],
      [{ frequencyPattern: OUTRO, excludeId: -1 }, 'excludeId'],
    ];
    for (const [payload, field] of cases) {
      const response = await v1('/api/v1/triggers/check-pattern', aliceKey, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json<{ success: boolean; fields?: Record<string, string> }>();
      expect(body.success).toBe(false);
      const named = Object.keys(body.fields ?? {}).filter((key) => key.split('.')[0] === field);
      expect(named, JSON.stringify(payload)).not.toEqual([]);
    }
    const unknown = await v1('/api/v1/triggers/check-pattern', aliceKey, {
      frequencyPattern: OUTRO,
      signal: 'audible',
    });
    expect(unknown.statusCode).toBe(400);
    expect(
      (await v1('/api/v1/triggers/check-pattern', undefined, { frequencyPattern: OUTRO })).statusCode,
    ).toBe(401);
    const wrongMethod = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/triggers/check-pattern',
      headers: { 'x-api-key': aliceKey },
    });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toBe('POST');
  });
});
