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

// Issue 10: the listener keeps working with the network cut. A public trigger's action ships in
// the catalogue and runs at once; a private one waits for the connection; the queued detections
// are delivered (and stored once) when the network returns.
const PUBLIC = {
  name: 'Open jingle',
  type: 'REWARD',
  actionData: '{"title":"Offline treat","description":"Works without a network"}',
  frequencyPattern: [650, 1350, 900, 1700],
  durationMs: 2000,
  signal: 'audible',
  isPublic: true,
} satisfies CreateTriggerInput & TriggerSound;
const PRIVATE = {
  name: 'Members code',
  type: 'REWARD',
  actionData: '{"title":"Code TONE10","description":"Members only"}',
  frequencyPattern: [1550, 750, 1900, 1100],
  durationMs: 2000,
  signal: 'audible',
} satisfies CreateTriggerInput & TriggerSound;

interface ActivationRow {
  triggerId: number;
  deviceType: string;
}

const it = e2eTest({
  microphone: () => {
    const { samples } = generatedProgramme(9.6);
    const mixed = withTriggers(withTriggers(samples, PUBLIC, [0.4, 4.8]), PRIVATE, [2.6, 7.0]);
    return writeTempWav(mixed, 'offline-triggered.wav');
  },
});

describe('listener offline: service worker, public actions, queued detections', () => {
  it('runs the public action with the network cut and delivers the queue when it returns', async ({
    server,
    browser,
    owner: account,
  }) => {
    const owner = account.page;
    const open = await account.createTrigger(PUBLIC);
    const members = await account.createTrigger(PRIVATE);

    const listener = await newPage(browser, server.baseUrl);
    await listener.goto('/listener');
    await listener.getByRole('heading', { name: 'Sound Trigger Listener' }).waitFor();
    // The worker installs, takes the page over and keeps the page, its assets and the catalogue.
    await expect
      .poll(() => listener.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
      .toBe(true);
    await expect
      .poll(() =>
        listener.evaluate(async () => (await caches.match('/api/listener/catalogue')) !== undefined),
      )
      .toBe(true);
    const manifest = await listener.evaluate(() =>
      document.querySelector('link[rel="manifest"]')?.getAttribute('href'),
    );
    expect(manifest).toBe('/listener.webmanifest');

    await listener.context().setOffline(true);
    // Opened again without a network: the worker serves the page.
    await listener.reload();
    await listener.getByRole('heading', { name: 'Sound Trigger Listener' }).waitFor();
    // The network drops while the page is open (the browser fires 'offline'), then listening starts.
    await listener.context().setOffline(false);
    await listener.context().setOffline(true);
    await listener.getByRole('button', { name: 'Start Listening' }).click();
    await expect.poll(() => listener.getByTestId('listener-status').textContent()).toContain('Active');

    const publicRow = listener.locator('[data-testid="detection-row"][data-state="done"]', {
      hasText: 'Open jingle',
    });
    await publicRow.first().waitFor({ timeout: 20_000 });
    expect(await publicRow.first().textContent()).toContain('Offline treat');
    await expect
      .poll(() => listener.getByTestId('listener-connection').textContent())
      .toMatch(/Offline: waiting for connection \(\d+ detections? queued\)/);
    const waiting = listener.locator('[data-testid="detection-row"][data-state="waiting"]');
    await waiting.first().waitFor({ timeout: 20_000 });
    expect(await waiting.first().textContent()).toContain('Waiting for connection');
    expect(await waiting.first().textContent()).not.toContain('TONE10');

    // Nothing reached the server while offline.
    const activations = async () =>
      (await (await owner.request.get('/api/activations')).json()) as ActivationRow[];
    expect(await activations()).toEqual([]);

    await listener.context().setOffline(false);
    await expect
      .poll(async () => new Set((await activations()).map((a) => a.triggerId)), { timeout: 45_000 })
      .toEqual(new Set([open.id, members.id]));
    // The private trigger's row gets its name and action from the server's answer.
    const answered = listener.locator('[data-testid="detection-row"][data-state="done"]', {
      hasText: 'Members code',
    });
    await answered.first().waitFor({ timeout: 10_000 });
    expect(await answered.first().textContent()).toContain('Code TONE10');
    await expect.poll(() => listener.getByTestId('listener-connection').count(), { timeout: 10_000 }).toBe(0);

    // Every queued detection is stored exactly once, from the web listener.
    const rows = await activations();
    expect(rows.every((row) => row.deviceType === 'Web Listener')).toBe(true);
    await listener.getByRole('button', { name: 'Stop Listening' }).click();
    await listener.context().close();
  });
});
