import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TonemarkClient } from '../../../../packages/sdk/src/client.ts';
import { recordActivation } from '../../../server/src/features/activations/record-activation.ts';
import { TEST_DRIVERS } from '../../../server/src/test/databases.ts';
import { createTestApp, signUp, type TestApp } from '../../../server/src/test/test-app.ts';
import { memoryIo } from '../cli-io.ts';
import { makeApiCommand } from './api-command.ts';

// `tonemark api` drives the SDK client against the real routes (over app.inject).

function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input));
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: init?.headers as Record<string, string>,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) headers.set(name, String(value));
    return new Response(response.body, { status: response.statusCode, headers });
  };
}

describe.each(TEST_DRIVERS)('tonemark api (%s)', (driver) => {
  let t: TestApp;
  let apiKey: string;
  const command = () =>
    makeApiCommand({
      env: { TONEMARK_API_KEY: apiKey, TONEMARK_URL: 'http://tonemark.test' },
      createClient: async (key, baseUrl) =>
        new TonemarkClient({ apiKey: key, baseUrl, fetch: injectFetch(t.app) }),
      sleep: async () => {},
    });

  beforeAll(async () => {
    t = await createTestApp(driver);
    const { cookie } = await signUp(t.app);
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { cookie },
      payload: { name: 'cli' },
    });
    apiKey = key.json<{ key: string }>().key;
  });
  afterAll(async () => t?.close());

  it('creates a trigger, lists it, and tails its new activations', async () => {
    const io = memoryIo();
    const created = await command().run(
      [
        'create-trigger',
        '--name',
        'CLI trigger',
        '--freqs',
        '550,1150,1650,1950',
        '--payload',
        'https://example.com/cli',
        '--json',
      ],
      io,
    );
    expect(created).toBe(0);
    const trigger = JSON.parse(io.stdout[0] ?? '{}') as { id: number; name: string; active: boolean };
    expect(trigger).toMatchObject({ name: 'CLI trigger', active: true });

    const listing = memoryIo();
    expect(await command().run(['triggers', '--active', 'true'], listing)).toBe(0);
    expect(listing.stdout).toEqual([`${trigger.id}\tactive\taudible\t550,1150,1650,1950\tCLI trigger`]);

    const tailed = memoryIo();
    const done = command().run(['tail', '--trigger-id', String(trigger.id), '--max', '2'], tailed);
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (let i = 0; i < 2; i++) {
      await recordActivation(
        t.database.db,
        { triggerId: trigger.id, deviceType: 'Web Listener', osVersion: 'Web', batteryImpact: 2 },
        undefined,
      );
    }
    expect(await done).toBe(0);
    expect(tailed.stdout).toHaveLength(2);
    expect(tailed.stdout[0]).toMatch(new RegExp(`\\t${trigger.id}\\tCLI trigger\\tWeb Listener$`));
  });

  it('says what is wrong: no key, bad option, and the API error itself', async () => {
    const noKey = makeApiCommand({ env: {} });
    await expect(noKey.run(['triggers'], memoryIo())).rejects.toThrow('set TONEMARK_API_KEY');
    await expect(command().run(['triggers', '--type', 'loud'], memoryIo())).rejects.toThrow('--type must be');
    await expect(command().run(['nope'], memoryIo())).rejects.toThrow("unknown api command 'nope'");
    await expect(
      command().run(
        ['create-trigger', '--name', 'x', '--freqs', '550,1150,1650,1950', '--payload', 'not a url'],
        memoryIo(),
      ),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION' });
  });
});
