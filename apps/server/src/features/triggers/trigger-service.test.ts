import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { triggerToneKey } from '@tonemark/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';

// A trigger's tone file follows the trigger through create, update and delete.
describe.each(TEST_DRIVERS)('trigger service and its tone (%s)', (driver) => {
  let t: TestApp;
  let alice: { cookie: string };
  let bob: { cookie: string };

  beforeAll(async () => {
    t = await createTestApp(driver);
    alice = await signUp(t.app, 'alice@example.com');
    bob = await signUp(t.app, 'bob@example.com');
  });
  afterAll(async () => t.close());

  const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const toneFile = (publicId: string) => path.join(t.dataDir, 'media', triggerToneKey(publicId));
  const toneBytes = async (publicId: string) => {
    await t.app.triggerTones.idle();
    return readFileSync(toneFile(publicId));
  };

  const createInactive = async (name: string) => {
    const pattern = [1000, 1200, 1500, 1800];
    const body = { name, type: 'URL', actionData: 'https://example.com', frequencyPattern: pattern };
    const created = await call('POST', '/api/triggers', alice.cookie, { ...body, status: 'inactive' });
    expect(created.statusCode).toBe(201);
    return created.json() as { id: number; publicId: string };
  };

  it('renders the tone on create, again only when the sound changes, and removes it on delete', async () => {
    const { id, publicId } = await createInactive('Tone life');
    const first = await toneBytes(publicId);

    expect((await call('PATCH', `/api/triggers/${id}`, alice.cookie, { name: 'Renamed' })).statusCode).toBe(
      200,
    );
    expect((await toneBytes(publicId)).equals(first)).toBe(true);

    const patched = await call('PATCH', `/api/triggers/${id}`, alice.cookie, {
      frequencyPattern: [1100, 1300, 1600, 1900],
    });
    expect(patched.statusCode).toBe(200);
    expect((await toneBytes(publicId)).equals(first)).toBe(false);

    // Someone who cannot see it gets 404 and the file stays.
    expect((await call('DELETE', `/api/triggers/${id}`, bob.cookie)).statusCode).toBe(404);
    expect(existsSync(toneFile(publicId))).toBe(true);

    expect((await call('DELETE', `/api/triggers/${id}`, alice.cookie)).statusCode).toBe(204);
    expect(existsSync(toneFile(publicId))).toBe(false);
  });

  it('leaves no tone behind when a trigger is deleted while its tone is still rendering', async () => {
    const { id, publicId } = await createInactive('Short lived');
    expect((await call('DELETE', `/api/triggers/${id}`, alice.cookie)).statusCode).toBe(204);
    await t.app.triggerTones.idle();
    expect(existsSync(toneFile(publicId))).toBe(false);
  });
});
