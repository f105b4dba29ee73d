import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_DRIVERS } from './test/databases.ts';
import {
  type Caller,
  describeCase,
  type FuzzCase,
  fuzzCaseArbitrary,
  injectOptions,
} from './test/fuzz-requests.ts';
import { createTestApp, signUp, signUpViewer, type TestApp } from './test/test-app.ts';

// Cases per database: with both databases a few thousand a run, well under a minute on two cores.
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
// A fixed seed per run of the suite keeps failures reproducible; FUZZ_SEED explores further.
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

for (const driver of TEST_DRIVERS) {
  describe(`every route answers any input without a 5xx (${driver})`, () => {
    let t: TestApp;
    const credentials = {} as Record<Caller, Record<string, string>>;
    const ids: number[] = [1, 2];

    beforeAll(async () => {
      t = await createTestApp(driver, {}, { apiRateLimit: { max: 1_000_000, timeWindow: 60_000 } });
      const admin = await signUp(t.app);
      const creator = await signUp(t.app);
      const viewer = await signUpViewer(t);
      const key = await t.app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: { cookie: creator.cookie },
        payload: { name: 'Fuzz' },
      });
      const trigger = await t.app.inject({
        method: 'POST',
        url: '/api/triggers',
        headers: { cookie: creator.cookie },
        payload: { name: 'Fuzzed', type: 'CUSTOM', actionData: 'x' },
      });
      const campaign = await t.app.inject({
        method: 'POST',
        url: '/api/campaigns',
        headers: { cookie: creator.cookie },
        payload: { name: 'Fuzzed' },
      });
      ids.push(trigger.json<{ id: number }>().id, campaign.json<{ id: number }>().id);
      credentials.anonymous = {};
      credentials.admin = { cookie: admin.cookie };
      credentials.creator = { cookie: creator.cookie };
      credentials.viewer = { cookie: viewer.cookie };
      credentials.apiKey = { 'x-api-key': key.json<{ key: string }>().key };
    }, 120_000);

    afterAll(async () => {
      await t?.close();
    });

    test(`${RUNS} fuzzed requests over every route, NUL bytes, bad dates and broken multipart included`, async () => {
      // Routes come from the app itself, so routes added later are fuzzed without touching this test.
      const routes = t.app.routeCatalogue.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
      expect(routes.length).toBeGreaterThan(40);
      const failures: string[] = [];
      const hit = new Set<string>();
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(fuzzCaseArbitrary(routes, { ids }), async (c: FuzzCase) => {
          // Signing a real caller out would leave the rest of the run anonymous.
          const signsOut = c.route.url === '/api/auth/logout' && c.caller !== 'anonymous';
          const options = injectOptions(c, credentials);
          if (signsOut) options.headers = { ...options.headers, cookie: 'tonemark_session=fuzz' };
          const response = await t.app.inject(options);
          hit.add(`${c.route.method} ${c.route.url}`);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode >= 500) {
            failures.push(`${response.statusCode} ${describeCase(c)} -> ${response.body.slice(0, 120)}`);
          }
          return true;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
      console.log(
        `[fuzz ${driver}] ${RUNS} requests, ${hit.size}/${routes.length} routes, ${failures.length} answered 5xx (${byStatus.join(' ')})`,
      );
      expect(failures).toEqual([]);
    }, 300_000);
  });
}
