import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { newPage, PHONE } from './support/browser.ts';
import { type Account, deleteFileAccount, e2eTest, signInAgain, signUpForFile } from './support/fixtures.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)';
const ANDROID = 'Mozilla/5.0 (Linux; Android 15; Pixel 9)';

interface Detection {
  triggerId: number;
  deviceType: 'Web Listener' | 'Mobile Simulator' | 'Native App';
  osVersion: string;
}

/**
 * Sends each detection as a listener does: DETECT_TRIGGER over /ws from an anonymous page. One
 * connection per message, because the server keeps one trigger to one count per 2 s per connection.
 */
async function detect(page: Page, detections: Detection[]) {
  await page.evaluate(async (list) => {
    for (const detection of list) {
      await new Promise<void>((resolve, reject) => {
        const socket = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws`);
        socket.onerror = () => reject(new Error('websocket failed'));
        socket.onopen = () => {
          socket.send(JSON.stringify({ type: 'DETECT_TRIGGER', batteryImpact: 2, ...detection }));
          // Closing at once could drop the message; a PONG proves the server read what came before it.
          socket.send(JSON.stringify({ type: 'PING' }));
        };
        socket.onmessage = (event) => {
          if (JSON.parse(String(event.data)).type === 'PONG') {
            socket.close();
            resolve();
          }
        };
      });
    }
  }, detections);
}

function csvRows(text: string): Record<string, string>[] {
  const [header, ...lines] = text.trim().split('\r\n');
  const columns = (header ?? '').split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [columns[i], cell])));
}

interface Seeded {
  /** The creator who owns 'Store jingle' and 'Reward drop' and their twelve activations. */
  owner: Account;
  jingle: number;
  reward: number;
}

const it = e2eTest()
  // Twelve activations of the owner's (and one of a stranger's) over /ws is the expensive part, so the
  // data set is made once per file and only read by the tests; each test gets its own page (`analyst`).
  .extend(
    'seeded',
    { scope: 'file' },
    async ({ server, browser, fileAdmin }, { onCleanup }): Promise<Seeded> => {
      // The admin sees every trigger; after it, the owner is a creator who sees their own.
      void fileAdmin;
      const owner = await signUpForFile(browser, server.baseUrl, 'analytics-owner');
      const stranger = await signUpForFile(browser, server.baseUrl, 'analytics-stranger');
      onCleanup(async () => {
        await deleteFileAccount(stranger);
        await deleteFileAccount(owner);
      });
      const { id: jingle } = await owner.createTrigger({
        name: 'Store jingle',
        type: 'URL',
        actionData: 'https://example.com/store',
      });
      const { id: reward } = await owner.createTrigger({
        name: 'Reward drop',
        type: 'REWARD',
        actionData: '{"title":"Free song"}',
      });
      const { id: theirs } = await stranger.createTrigger({
        name: 'Not yours',
        type: 'APP',
        actionData: 'app://x',
        // Another account's exact active pattern is refused (409): the stranger picks other tones.
        frequencyPattern: [550, 850, 1250, 1950],
      });

      const listener = await newPage(browser, server.baseUrl);
      await listener.goto('/listener');
      const times = (n: number, detection: Detection) => Array.from({ length: n }, () => detection);
      await detect(listener, [
        ...times(5, { triggerId: jingle, deviceType: 'Web Listener', osVersion: IPHONE }),
        ...times(2, { triggerId: jingle, deviceType: 'Mobile Simulator', osVersion: 'Web' }),
        { triggerId: jingle, deviceType: 'Native App', osVersion: ANDROID },
        { triggerId: reward, deviceType: 'Web Listener', osVersion: ANDROID },
        ...times(3, { triggerId: reward, deviceType: 'Native App', osVersion: IPHONE }),
        { triggerId: theirs, deviceType: 'Native App', osVersion: IPHONE },
      ]);
      await listener.context().close();
      // Detections are stored after the socket has answered; wait until all twelve of the owner's are in.
      for (let tries = 0; ; tries++) {
        const page = await (await owner.page.request.get('/api/activations/page?limit=1')).json();
        if (page.total === 12) break;
        if (tries > 100) throw new Error(`expected 12 activations, have ${page.total}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return { owner, jingle, reward };
    },
  )
  .extend('analyst', async ({ server, browser, seeded }, { onCleanup }): Promise<Page> => {
    const page = await signInAgain(browser, server.baseUrl, seeded.owner);
    onCleanup(() => page.context().close());
    return page;
  });

// Issue: the Analytics screen shows the summary, the activity and every activation, filtered by
// trigger, dates and device type, paged, with a CSV of exactly the filtered rows.
describe('analytics: activations recorded over /ws, filtered, paged and exported', () => {
  it('shows the numbers: metrics, activity, devices, trigger types and the first page of rows', async ({
    analyst: owner,
  }) => {
    await owner.goto('/admin/analytics');
    const metric = (key: string) => owner.getByTestId(`metric-${key}`).getByTestId('metric-value');
    await expect.poll(() => metric('totalActivations').textContent()).toBe('12');
    expect(await metric('activeTriggers').textContent()).toBe('2');
    expect(await metric('successRate').textContent()).toBe('100.0%');
    // Nothing last month: no made-up '+100.0%'.
    expect(await owner.getByTestId('metric-totalActivations').textContent()).toContain('New this month');

    // The activity series is its own request: wait for it rather than for the summary.
    await expect.poll(() => owner.getByTestId('activity-total').textContent()).toBe('12 activations');
    const devices = owner.getByTestId('device-compatibility');
    for (const device of ['Web Listener', 'Native App', 'Mobile Simulator'])
      expect(await devices.textContent()).toContain(device);
    expect(await devices.getByText('High').count()).toBe(3);
    expect(await owner.getByTestId('type-count-URL').textContent()).toContain('1');
    expect(await owner.getByTestId('type-count-REWARD').textContent()).toContain('1');
    expect(await owner.getByTestId('type-count-APP').textContent()).toContain('0');

    const count = owner.getByTestId('activations-count');
    await expect.poll(() => count.textContent()).toBe('Showing 1–10 of 12 activations');
    expect(await owner.getByTestId('activation-row').count()).toBe(10);
    expect(await owner.getByTestId('activations-card').textContent()).not.toContain('Not yours');
    await owner.getByTestId('activations-next').click();
    await expect.poll(() => count.textContent()).toBe('Showing 11–12 of 12 activations');
    expect(await owner.getByTestId('activations-page').textContent()).toBe('Page 2 of 2');
    expect(owner.url()).toContain('page=2');
  });

  it('filters by device type and trigger, and downloads exactly the filtered rows as CSV', async ({
    analyst: owner,
    seeded,
  }) => {
    const { reward } = seeded;
    await owner.goto('/admin/analytics?page=2');
    const count = owner.getByTestId('activations-count');
    await count.waitFor();

    await owner.getByTestId('filter-device-type').click();
    await owner.getByRole('option', { name: 'Native App' }).click();
    // A new filter goes back to the first page.
    await expect.poll(() => count.textContent()).toBe('Showing 1–4 of 4 activations');
    expect(owner.url()).toContain('deviceType=Native+App');
    expect(owner.url()).not.toContain('page=');
    expect(await owner.getByTestId('activation-device').allTextContents()).toEqual(
      Array(4).fill('Native App'),
    );

    await owner.getByTestId('filter-trigger').click();
    await owner.getByRole('option', { name: 'Reward drop' }).click();
    await expect.poll(() => count.textContent()).toBe('Showing 1–3 of 3 activations');

    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByTestId('export-csv').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^tonemark-activations-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = csvRows(await readFile(await download.path(), 'utf8'));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({ triggerName: 'Reward drop', deviceType: 'Native App', osVersion: IPHONE });
      expect(row.triggerId).toBe(String(reward));
    }
    const shown = (await (
      await owner.request.get(`/api/activations/page?triggerId=${reward}&deviceType=Native%20App`)
    ).json()) as { activations: { activationId: string }[] };
    expect(rows.map((row) => row.activationId)).toEqual(shown.activations.map((a) => a.activationId));

    // A day with nothing in it, then back to everything.
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA');
    await owner.getByTestId('filter-start-date').fill(tomorrow);
    await owner.getByTestId('activations-no-match').waitFor();
    expect(await owner.getByTestId('export-csv').isDisabled()).toBe(true);
    await owner.getByTestId('filter-reset').click();
    await expect.poll(() => count.textContent()).toBe('Showing 1–10 of 12 activations');
  });

  it('points a new account at the listener and the simulator, on a phone too', async ({ signUp }) => {
    const { page: newcomer } = await signUp('analytics-newcomer', PHONE);
    await newcomer.goto('/admin/analytics');
    const empty = newcomer.getByTestId('activations-empty');
    await empty.waitFor();
    expect(await empty.textContent()).toContain('No activations yet');
    const links = await empty.getByRole('link').evaluateAll((all) => all.map((a) => a.getAttribute('href')));
    expect(links).toEqual(['/listener', '/admin/mobile-simulator']);
    expect(await newcomer.getByTestId('export-csv').isDisabled()).toBe(true);
  });

  it('answers questions on Help & Support and links to the tools', async ({ owner: account }) => {
    const owner = account.page;
    await owner.goto('/admin/help');
    await owner.getByTestId('getting-started').waitFor();
    const question = owner.getByText("Why isn't my trigger being detected?");
    const answer = owner.getByText('Is the trigger active?');
    expect(await answer.isVisible()).toBe(false);
    await question.click();
    await expect.poll(() => answer.isVisible()).toBe(true);
    const hrefs = await owner
      .getByTestId('help-resources')
      .getByRole('link')
      .evaluateAll((all) => all.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(expect.arrayContaining(['/api-docs', '/listener', '/admin/mobile-simulator']));
    expect(await owner.getByTestId('coming-soon').count()).toBe(0);
  });
});
