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

// Issue 4 scenario: a trigger mixed into a programme reaches the listener through Chromium's fake
// microphone, is detected by the robust detector in the page, stored as an activation, and the
// owner's dashboard count rises live.
const TRIGGER = {
  name: 'Listener jingle',
  type: 'REWARD',
  actionData: '{"title":"Free song","description":"Enjoy the track"}',
  frequencyPattern: [650, 1350, 900, 1700],
  durationMs: 2000,
  signal: 'audible',
} satisfies CreateTriggerInput & TriggerSound;

const it = e2eTest({
  microphone: () => {
    const { samples, source } = generatedProgramme(9.6);
    console.info(`[listener.e2e] fake microphone: ${source} + '${TRIGGER.name}' x3 per loop`);
    // Three triggers per 9.6 s loop, so one starts within ~3.2 s wherever the loop is when listening starts.
    return writeTempWav(withTriggers(samples, TRIGGER, [0.4, 3.6, 6.8]), 'triggered.wav');
  },
});

describe('listener: real detection through the fake microphone', () => {
  it("says 'No active triggers' and stays off when there is nothing to listen for", async ({
    server,
    browser,
  }) => {
    const listener = await newPage(browser, server.baseUrl);
    await listener.goto('/listener');
    await listener.getByRole('heading', { name: 'Sound Trigger Listener' }).waitFor();
    await listener.getByRole('button', { name: 'Start Listening' }).click();
    await expect
      .poll(() => listener.getByText('There are no active triggers to listen for.').first().isVisible())
      .toBe(true);
    expect(await listener.getByTestId('listener-status').textContent()).toContain('Inactive');
    await listener.context().close();
  });

  it('detects the trigger within 10 s, records the activation and raises the dashboard total', async ({
    server,
    browser,
    owner: account,
  }) => {
    const owner = account.page;
    const trigger = await account.createTrigger({
      ...TRIGGER,
      frequencyPattern: [...TRIGGER.frequencyPattern],
    });
    await owner.goto('/admin');
    const total = owner.getByTestId('metric-totalActivations').getByTestId('metric-value');
    await expect.poll(() => total.textContent()).toBe('0');

    const listener = await newPage(browser, server.baseUrl);
    // Keep a handle on every microphone stream the page opens, to check that Stop releases it.
    await listener.addInitScript(() => {
      const streams: MediaStream[] = [];
      Object.assign(window, { openedStreams: streams });
      const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = async (constraints) => {
        const stream = await original(constraints);
        streams.push(stream);
        return stream;
      };
    });
    await listener.goto('/listener');
    await listener.getByRole('button', { name: 'Start Listening' }).click();
    await expect.poll(() => listener.getByTestId('listener-status').textContent()).toContain('Active');
    const startedAt = Date.now();
    const row = listener.getByTestId('detection-row').first();
    await row.waitFor({ timeout: 10_000 });
    console.info(`[listener.e2e] detected after ${Date.now() - startedAt} ms`);
    // A private trigger: its name and action arrive with the server's answer to the detection.
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 10_000 }).toBe('done');
    expect(await row.textContent()).toContain('Listener jingle');
    expect(await row.getByTestId('detection-quality').textContent()).toMatch(
      /(Weak|Fair|Good|Excellent) signal · -?\d+\.\d dB|score \d+%/,
    );
    expect(await row.textContent()).toContain('Free song');

    // The activation is stored for the owner, from the web listener.
    await expect
      .poll(async () => {
        const response = await owner.request.get(`/api/activations?triggerId=${trigger.id}`);
        const rows = (await response.json()) as { deviceType: string }[];
        return rows.map((activation) => activation.deviceType);
      })
      .toContain('Web Listener');
    // The open dashboard hears ACTIVATION_RECORDED and refetches without a reload.
    await expect.poll(() => total.textContent().then(Number), { timeout: 10_000 }).toBeGreaterThan(0);

    // The level bars move with the real input.
    const heights = await listener
      .getByTestId('level-visual')
      .locator('span')
      .evaluateAll((bars) => bars.map((bar) => (bar as HTMLElement).style.height));
    expect(heights).toHaveLength(24);
    expect(new Set(heights).size).toBeGreaterThan(1);

    const liveTracks = () =>
      listener.evaluate(() =>
        (window as unknown as { openedStreams: MediaStream[] }).openedStreams
          .flatMap((stream) => stream.getTracks())
          .map((track) => track.readyState),
      );
    expect(await liveTracks()).toEqual(['live']);
    await listener.getByRole('button', { name: 'Stop Listening' }).click();
    await expect.poll(() => listener.getByTestId('listener-status').textContent()).toContain('Inactive');
    expect(await liveTracks()).toEqual(['ended']);
    await listener.context().close();
  });
});
