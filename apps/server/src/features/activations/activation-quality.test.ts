import { randomUUID } from 'node:crypto';
import {
  type ActivationPage,
  type Catalogue,
  type DetectionResult,
  detectionQuality,
} from '@tonemark/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPattern } from '../../test/patterns.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';

// Issue 9 item 6: a detection's quality figure travels from the listener to the stored activation
// and back out through the creator's activations list.
describe('quality figures of each activation', () => {
  let t: TestApp;
  let alice: { cookie: string };
  let publicTriggerId: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    await signUp(t.app);
    alice = await signUp(t.app);
    const pattern = freshPattern();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/triggers',
      headers: { cookie: alice.cookie },
      payload: {
        name: 'Podcast',
        type: 'URL',
        actionData: 'https://example.com/p',
        frequencyPattern: pattern,
      },
    });
    expect(created.statusCode).toBe(201);
    const catalogue = (
      await t.app.inject({ method: 'GET', url: '/api/listener/catalogue' })
    ).json<Catalogue>();
    const entry = catalogue.triggers.find((e) => e.frequencyPattern.join() === pattern.join());
    publicTriggerId = entry?.publicTriggerId ?? '';
  });
  afterAll(async () => t?.close());

  async function detect(quality: object): Promise<void> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/listener/detections',
      payload: {
        detections: [
          {
            activationId: randomUUID(),
            publicTriggerId,
            detectedAt: new Date().toISOString(),
            deviceId: `device-${randomUUID()}`,
            deviceType: 'Web Listener',
            osVersion: 'Web',
            ...quality,
          },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ results: DetectionResult[] }>().results[0]?.status).toBe('accepted');
  }

  it('lists and exports the SNR, speed and tempo each listener reported, empty where it reported none', async () => {
    await detect({});
    await detect({ score: 0.998, snrDb: 27.4, speed: 1.02, tempo: 1 });
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/activations/page?limit=10',
      headers: { cookie: alice.cookie },
    });
    expect(page.statusCode).toBe(200);
    const [newest, older] = page.json<ActivationPage>().activations;
    expect(newest?.snrDb).toBeCloseTo(27.4, 4);
    expect(newest?.speed).toBeCloseTo(1.02, 4);
    expect(newest?.tempo).toBe(1);
    expect(newest?.score).toBeCloseTo(0.998, 4);
    expect(detectionQuality(newest?.snrDb ?? 0).text).toBe('Good signal · 27.4 dB');
    expect(older).toMatchObject({ snrDb: null, speed: null, tempo: null, score: null });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/activations?format=csv',
      headers: { cookie: alice.cookie },
    });
    const [header, first, second] = csv.body.trim().split('\r\n');
    expect(header?.split(',').slice(-4)).toEqual(['score', 'snrDb', 'speed', 'tempo']);
    expect(first?.split(',').slice(-4).map(Number)).toEqual([
      expect.closeTo(0.998, 4),
      expect.closeTo(27.4, 4),
      expect.closeTo(1.02, 4),
      1,
    ]);
    expect(second?.split(',').slice(-4)).toEqual(['', '', '', '']);
  });
});
