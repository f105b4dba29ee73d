import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, signUp, signUpViewer, type TestApp } from '../../test/test-app.ts';

const trigger = (name: string, frequencyPattern: number[], status = 'active') => ({
  name,
  type: 'CUSTOM',
  actionData: 'hello',
  frequencyPattern,
  status,
});

describe.each(TEST_DRIVERS)('POST /api/triggers/check-pattern (%s)', (driver) => {
  let t: TestApp;
  let alice: { cookie: string };
  let bob: { cookie: string };
  let jingleId: number;

  beforeAll(async () => {
    t = await createTestApp(driver);
    await signUp(t.app, 'admin@example.com');
    alice = await signUp(t.app, 'alice@example.com');
    bob = await signUp(t.app, 'bob@example.com');
    const post = async (cookie: string, body: object) =>
      (
        await t.app.inject({ method: 'POST', url: '/api/triggers', headers: { cookie }, payload: body })
      ).json<{
        id: number;
      }>();
    jingleId = (await post(alice.cookie, trigger('Jingle', [1000, 1200, 1500, 1800]))).id;
    await post(alice.cookie, trigger('Sleeping', [600, 700, 800, 900], 'inactive'));
  });
  afterAll(async () => t.close());

  const check = (cookie: string | undefined, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/triggers/check-pattern',
      headers: cookie ? { cookie } : {},
      payload,
    });

  it("names another creator's active trigger with the same pattern", async () => {
    const res = await check(bob.cookie, { frequencyPattern: [1000, 1200, 1500, 1800] });
    expect(res.statusCode).toBe(200);
    const { confusableWith } = res.json<{
      confusableWith: { id: number; name: string; similarity: number }[];
    }>();
    expect(confusableWith).toHaveLength(1);
    expect(confusableWith[0]).toMatchObject({ id: jingleId, name: 'Jingle', kind: 'same', similarity: 1 });
  });

  it('reports a pattern that differs in one slot only, and nothing for a distinct one', async () => {
    const close = await check(bob.cookie, { frequencyPattern: [1000, 1200, 1500, 650] });
    expect(close.json<{ confusableWith: { similarity: number }[] }>().confusableWith).toEqual([
      expect.objectContaining({ id: jingleId, kind: 'one-slot', similarity: 0.75 }),
    ]);
    // Jingle's last three tones, one slot earlier: one could fire on the other's sound.
    const shifted = await check(bob.cookie, { frequencyPattern: [1200, 1500, 1800, 600] });
    expect(shifted.json<{ confusableWith: { kind: string }[] }>().confusableWith).toEqual([
      expect.objectContaining({ id: jingleId, kind: 'shifted' }),
    ]);
    const distinct = await check(bob.cookie, { frequencyPattern: [550, 1950, 750, 1350] });
    expect(distinct.json()).toEqual({ confusableWith: [] });
  });

  it('ignores inactive triggers and the trigger being edited', async () => {
    expect((await check(bob.cookie, { frequencyPattern: [600, 700, 800, 900] })).json()).toEqual({
      confusableWith: [],
    });
    const self = await check(alice.cookie, {
      frequencyPattern: [1000, 1200, 1500, 1800],
      excludeId: jingleId,
    });
    expect(self.json()).toEqual({ confusableWith: [] });
  });

  it('needs a signed-in writer and a valid pattern', async () => {
    expect((await check(undefined, { frequencyPattern: [1000, 1200, 1500, 1800] })).statusCode).toBe(401);
    const viewer = await signUpViewer(t, 'viewer@example.com');
    expect((await check(viewer.cookie, { frequencyPattern: [1000, 1200, 1500, 1800] })).statusCode).toBe(403);
    const bad = await check(bob.cookie, { frequencyPattern: [1000, 1200, 1500] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty(['frequencyPattern']);
    const outOfRange = await check(bob.cookie, { frequencyPattern: [100, 1200, 1500, 1800] });
    expect(outOfRange.statusCode).toBe(400);
  });
});
