import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTriggerViaApi, signUpViaApi } from './support/accounts.ts';
import { launchBrowserWithMicrophone, newPage } from './support/browser.ts';
import { programme, writeTempWav } from './support/programme-audio.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Issue 4: a listener hearing a minute of real speech and music with no trigger in it detects nothing.
const LISTEN_MS = 60_000;

describe('listener: no false detections on trigger-free audio', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: Page;

  beforeAll(async () => {
    server = await startServer();
    const speech = programme(30, 'speech');
    const music = programme(30, 'music');
    const minute = new Float32Array(speech.samples.length + music.samples.length);
    minute.set(speech.samples);
    minute.set(music.samples, speech.samples.length);
    const wav = writeTempWav(minute, 'quiet.wav');
    console.info(`[listener-quiet.e2e] fake microphone: 30 s ${speech.source}, then 30 s ${music.source}`);
    browser = await launchBrowserWithMicrophone(wav);
    owner = await newPage(browser, server.baseUrl);
    await signUpViaApi(owner, 'quiet-owner@example.com');
    // The default pattern and a second one, so the detector has real work to do.
    await createTriggerViaApi(owner, {
      name: 'Default tones',
      type: 'URL',
      actionData: 'https://example.com',
    });
    await createTriggerViaApi(owner, {
      name: 'Low tones',
      type: 'CUSTOM',
      actionData: 'noop',
      frequencyPattern: [550, 800, 650, 950],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it(
    'listens for 60 s and detects nothing',
    async () => {
      const listener = await newPage(browser, server.baseUrl);
      await listener.goto('/listener');
      await listener.getByRole('button', { name: 'Start Listening' }).click();
      await expect.poll(() => listener.getByTestId('listener-status').textContent()).toContain('Active');
      await listener.waitForTimeout(LISTEN_MS);
      // Still listening the whole time (nothing stopped it), and the input was really live.
      expect(await listener.getByTestId('listener-status').textContent()).toContain('Active');
      const heights = await listener
        .getByTestId('level-visual')
        .locator('span')
        .evaluateAll((bars) => bars.map((bar) => (bar as HTMLElement).style.height));
      expect(new Set(heights).size).toBeGreaterThan(1);

      expect(await listener.getByTestId('detection-row').count()).toBe(0);
      const summary = (await (await owner.request.get('/api/analytics/summary')).json()) as {
        totalActivations: number;
      };
      expect(summary.totalActivations).toBe(0);
      await listener.context().close();
    },
    LISTEN_MS + 30_000,
  );
});
