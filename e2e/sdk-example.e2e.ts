import type { CreateTriggerInput } from '@tonemark/shared';
import { describe, expect } from 'vitest';
import { newPage } from './support/browser.ts';
import { e2eTest } from './support/fixtures.ts';
import {
  generatedProgramme,
  type TriggerSound,
  withTriggers,
  writeTempWav,
} from './support/programme-audio.ts';

// Issue 15: the plain HTML example (/sdk/example.html, only the /sdk/tonemark.js script tag, no
// SPA) hears a trigger through Chromium's fake microphone with the SDK's AudioWorklet detector,
// and the server resolves the detection into the trigger's action. The page runs under the
// server's CSP (browser.ts fails the test on any violation).
const TRIGGER = {
  name: 'SDK example jingle',
  type: 'URL',
  action: 'OPEN_URL',
  actionData: 'https://example.com/sdk-prize',
  frequencyPattern: [700, 1400, 950, 1750],
  durationMs: 2000,
  signal: 'audible',
} satisfies CreateTriggerInput & TriggerSound;

const it = e2eTest({
  microphone: () => {
    const { samples, source } = generatedProgramme(9.6);
    console.info(`[sdk-example.e2e] fake microphone: ${source} + '${TRIGGER.name}' x3 per loop`);
    return writeTempWav(withTriggers(samples, TRIGGER, [0.4, 3.6, 6.8]), 'sdk-example.wav');
  },
});

describe('SDK script-tag example: detection through the fake microphone', () => {
  it('detects the trigger in the worklet and shows the action the server resolved', async ({
    server,
    browser,
    owner: account,
  }) => {
    const owner = account.page;
    const trigger = await account.createTrigger(TRIGGER);
    const page = await newPage(browser, server.baseUrl);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/sdk/example.html');
    await page.getByRole('heading', { name: 'Listen for Tonemark triggers' }).waitFor();
    await page.getByRole('button', { name: 'Start listening' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Listening for 1 triggers.');
    const row = page.locator('#detections li.resolved').first();
    await row.waitFor({ timeout: 15_000 });
    const text = (await row.textContent()) ?? '';
    // OPEN_URL answers are tracked links (A/B conversions, docs/decisions/ab-tests.md) that lead
    // to the trigger's own URL.
    const link = /SDK example jingle: OPEN_URL (\S+)/.exec(text)?.[1] ?? '';
    expect(link).toMatch(/\/api\/conversions\/click\/[0-9a-f-]{36}$/);
    const followed = await page.request.get(link, { maxRedirects: 0 });
    expect(followed.status()).toBe(302);
    expect(followed.headers().location).toMatch(/^https:\/\/example\.com\/sdk-prize/);
    expect(text).toMatch(/score (0|1)\.\d\d/);
    // Only the SDK's script tag and the example's own file: no SPA bundle.
    expect([...new Set(scripts)].sort()).toEqual(['/sdk/example.js', '/sdk/tonemark.js']);

    // The detection is stored for the owner as a web listener's activation, with its quality.
    await expect
      .poll(async () => {
        const response = await owner.request.get(`/api/activations?triggerId=${trigger.id}`);
        return ((await response.json()) as { deviceType: string }[]).map((a) => a.deviceType);
      })
      .toContain('Web Listener');

    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Not listening.');
    await page.context().close();
  });
});
