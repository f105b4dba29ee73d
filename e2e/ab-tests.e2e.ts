import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTriggerViaApi, signUpViaApi } from './support/accounts.ts';
import { DESKTOP, launchBrowser, launchBrowserWithMicrophone, newPage, PHONE } from './support/browser.ts';
import { generatedProgramme, withTriggers, writeTempWav } from './support/programme-audio.ts';
import { type RunningServer, startServer } from './support/server.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari/604.1';
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

interface Result {
  activationId: string;
  status: 'accepted' | 'refused';
  reason?: string;
  action?: { action: string; actionData: string };
}

// Issue 13: an A/B test serves both variants through the listener's own resolution path, a
// tracked click counts for the variant served, and a segment-targeted trigger runs only for phones.
describe('A/B tests and audience segments', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let catalogueIds: Map<string, string>;

  /** The listener protocol's call, from an anonymous context, one detection per simulated device. */
  async function detect(listener: Page, publicTriggerId: string, devices: string[], osVersion = IPHONE) {
    const results: Result[] = [];
    for (let i = 0; i < devices.length; i += 50) {
      const response = await listener.request.post('/api/listener/detections', {
        data: {
          detections: devices.slice(i, i + 50).map((deviceId) => ({
            activationId: randomUUID(),
            publicTriggerId,
            detectedAt: new Date().toISOString(),
            deviceId,
            deviceType: 'Web Listener',
            osVersion,
            language: 'en-GB',
            utcOffsetMinutes: 60,
          })),
        },
      });
      expect(response.status()).toBe(200);
      results.push(...((await response.json()) as { results: Result[] }).results);
    }
    return results;
  }

  async function loadCatalogue(listener: Page) {
    const catalogue = (await (await listener.request.get('/api/listener/catalogue')).json()) as {
      triggers: { publicTriggerId: string }[];
    };
    return catalogue.triggers.map((t) => t.publicTriggerId);
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await newPage(browser, server.baseUrl);
    // The first account is the admin, whose plan includes A/B testing.
    await signUpViaApi(page, 'brand@example.com');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('serves both variants close to the split, counts a tracked click for the right variant, and shows it', async () => {
    const campaign = (await (
      await page.request.post('/api/campaigns', { data: { name: 'Summer radio' } })
    ).json()) as {
      id: number;
    };
    const listener = await newPage(browser, server.baseUrl);
    const before = new Set(await loadCatalogue(listener));
    await createTriggerViaApi(page, {
      name: 'Summer spot',
      type: 'URL',
      action: 'OPEN_URL',
      actionData: `${server.baseUrl}/landing?offer=original`,
      campaignId: campaign.id,
      conversionGoal: 'signup',
    });
    const spotId = (await loadCatalogue(listener)).find((id) => !before.has(id)) as string;
    catalogueIds = new Map([['spot', spotId]]);

    // The campaign page's feature card leads to the A/B tests screen.
    await page.goto('/admin/campaigns');
    await page.getByTestId('feature-A/B Testing').click();
    await page.waitForURL(/\/admin\/ab-tests$/);
    await page.getByTestId('ab-tests-empty').waitFor();
    await expect.poll(() => page.title()).toBe('A/B Tests · Tonemark');

    await page.getByTestId('new-ab-test').click();
    await page.waitForURL(/\/admin\/ab-tests\/new$/);
    const form = page.getByTestId('ab-test-form');
    await form.getByLabel('Name', { exact: true }).first().fill('Summer landing page');
    await form.getByLabel('Campaign').selectOption(String(campaign.id));
    const control = form.getByTestId('variant-0');
    const banner = form.getByTestId('variant-1');
    await banner.getByLabel('URL').waitFor();
    await control.getByLabel('URL').fill(`${server.baseUrl}/landing?offer=a`);
    await banner.getByLabel('Name').fill('Big banner');
    await banner.getByLabel('URL').fill(`${server.baseUrl}/landing?offer=b`);
    expect(await form.getByTestId('traffic-total').textContent()).toContain('100 %');
    await form.getByTestId('create-ab-test').click();
    await page.waitForURL(/\/admin\/ab-tests\/\d+$/);
    const testId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(await page.getByTestId('ab-test-status').textContent()).toBe('Draft');
    await page.getByTestId('start-test').click();
    await expect.poll(() => page.getByTestId('ab-test-status').textContent()).toBe('Running');
    expect(await page.getByTestId('ab-method').textContent()).toContain('two-proportion z-test');

    // 300 simulated listeners, each its own device, through POST /api/listener/detections.
    const devices = Array.from({ length: 300 }, (_, i) => `e2e-listener-${i}`);
    const results = await detect(listener, spotId, devices);
    expect(results.every((r) => r.status === 'accepted')).toBe(true);
    // Every answer is the tracked link for its own activation.
    for (const r of results)
      expect(r.action?.actionData).toBe(`${server.baseUrl}/api/conversions/click/${r.activationId}`);

    const api = (await (await page.request.get(`/api/ab-tests/${testId}/results`)).json()) as {
      variants: { name: string; served: number; activations: number; conversions: number }[];
    };
    const servedA = api.variants.find((v) => v.name === 'Control')?.served ?? 0;
    const servedB = api.variants.find((v) => v.name === 'Big banner')?.served ?? 0;
    expect(servedA + servedB).toBe(300);
    // 50/50 over 300 devices: sd ≈ 8.7, ±45 is over 5 sd.
    expect(Math.abs(servedA - 150)).toBeLessThan(45);

    // A listener opens its link: the tracked redirect counts the click and lands on that variant's URL.
    const clicked = results[0] as Result;
    const visitor = await newPage(browser, server.baseUrl);
    await visitor.goto(clicked.action?.actionData as string);
    const landed = new URL(visitor.url());
    expect(landed.pathname).toBe('/landing');
    expect(landed.searchParams.get('tm_activation')).toBe(clicked.activationId);
    const offer = landed.searchParams.get('offer');
    expect(['a', 'b']).toContain(offer);
    const convertedName = offer === 'a' ? 'Control' : 'Big banner';
    const otherName = offer === 'a' ? 'Big banner' : 'Control';
    // The site reports the goal with the pixel; a second report changes nothing.
    for (let i = 0; i < 2; i++) {
      const pixel = await visitor.request.get(
        `/api/conversions/pixel.gif?activationId=${clicked.activationId}&goal=signup`,
      );
      expect(pixel.status()).toBe(200);
    }
    await visitor.context().close();

    await page.reload();
    const row = page.getByTestId(`ab-result-${convertedName}`);
    await row.waitFor();
    expect(await row.getByTestId('conversions').textContent()).toBe('1');
    expect(await row.textContent()).toContain('1 clicks · 1 goals');
    expect(await page.getByTestId(`ab-result-${otherName}`).getByTestId('conversions').textContent()).toBe(
      '0',
    );
    const served = Number(await row.getByTestId('served').textContent());
    expect(served).toBe(convertedName === 'Control' ? servedA : servedB);
    await expect.poll(() => page.title()).toBe('Summer landing page · A/B Tests · Tonemark');

    // Declaring the winner ends the test and keeps its action on the trigger.
    await row.getByRole('button', { name: 'Declare winner' }).click();
    await expect.poll(() => page.getByTestId('ab-test-status').textContent()).toBe('Ended');
    expect(await row.textContent()).toContain('Winner');
    await listener.context().close();
  });

  it('runs a segment-targeted trigger only for phones', async () => {
    const listener = await newPage(browser, server.baseUrl);
    const before = new Set(await loadCatalogue(listener));
    await createTriggerViaApi(page, {
      name: 'Phone reward',
      type: 'REWARD',
      actionData: '{"title":"Free song"}',
    });
    const rewardId = (await loadCatalogue(listener)).find(
      (id) => !before.has(id) && id !== catalogueIds.get('spot'),
    );
    expect(rewardId).toBeTruthy();

    await page.goto('/admin/campaigns');
    await page.getByTestId('feature-Audience Segmentation').click();
    await page.waitForURL(/\/admin\/segments$/);
    await expect.poll(() => page.title()).toBe('Audience Segments · Tonemark');
    await page.getByTestId('new-segment').click();
    const form = page.getByTestId('segment-form');
    await form.getByLabel('Name').fill('Phones');
    await form.getByLabel('Phone').check();
    await form.getByTestId('save-segment').click();
    await page.getByTestId('segment-Phones').waitFor();
    const targeting = page.getByTestId('targeting-Phone reward');
    await targeting.getByLabel('Phones').check();
    await targeting.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByTestId('segment-Phones').textContent())
      .toContain('Targeted by 1 trigger');

    const [phone] = await detect(listener, rewardId as string, ['phone-listener-1'], IPHONE);
    expect(phone?.status).toBe('accepted');
    const [desktop] = await detect(listener, rewardId as string, ['desktop-listener-1'], DESKTOP_UA);
    expect(desktop).toMatchObject({ status: 'refused', reason: 'not-targeted' });

    // Analytics show it by segment, and every new screen names its document at both widths.
    await page.goto('/admin/analytics');
    const segmentTable = page.getByTestId('segment-performance');
    await segmentTable.waitFor();
    expect(await segmentTable.textContent()).toContain('Phones');
    expect(await page.getByTestId('conversion-rate').textContent()).toMatch(/%$/);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      for (const [path, title] of [
        ['/admin/ab-tests', 'A/B Tests · Tonemark'],
        ['/admin/ab-tests/new', 'New A/B test · Tonemark'],
        ['/admin/segments', 'Audience Segments · Tonemark'],
      ] as const) {
        await page.goto(path);
        await page.locator('h1').first().waitFor();
        await expect.poll(() => page.title()).toBe(title);
      }
    }
    await listener.context().close();
  });
});

// The same, heard for real: the listener page on a phone runs a phone-targeted trigger, the one on
// a desktop says the trigger is meant for another audience and runs nothing.
describe('a segment-targeted trigger in the listener page', () => {
  const TRIGGER = {
    name: 'Phones only jingle',
    type: 'REWARD',
    actionData: '{"title":"Phone perk","description":"Only on phones"}',
    frequencyPattern: [650, 1350, 900, 1700],
    durationMs: 2000,
    signal: 'audible' as const,
  };
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    const { samples } = generatedProgramme(9.6);
    browser = await launchBrowserWithMicrophone(
      writeTempWav(withTriggers(samples, TRIGGER, [0.4, 3.6, 6.8]), 'segment-targeted.wav'),
    );
    const owner = await newPage(browser, server.baseUrl);
    await signUpViaApi(owner, 'owner@example.com');
    const trigger = await createTriggerViaApi(owner, TRIGGER);
    const segment = (await (
      await owner.request.post('/api/segments', {
        data: { name: 'Phones', criteria: { platforms: ['mobile'] } },
      })
    ).json()) as { id: number };
    const targeted = await owner.request.put(`/api/segments/targeting/${trigger.id}`, {
      data: { segmentIds: [segment.id] },
    });
    expect(targeted.status()).toBe(200);
    await owner.context().close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function listen(userAgent: string, viewport: { width: number; height: number }) {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport, userAgent });
    const listener = await context.newPage();
    await listener.goto('/listener');
    await listener.getByRole('button', { name: 'Start Listening' }).click();
    const row = listener.getByTestId('detection-row').first();
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 10_000 }).not.toBe('waiting');
    const result = { state: await row.getAttribute('data-state'), text: (await row.textContent()) ?? '' };
    await context.close();
    return result;
  }

  it('runs on the phone and not on the desktop', async () => {
    const phone = await listen(IPHONE, PHONE);
    expect(phone.state).toBe('done');
    expect(phone.text).toContain('Phones only jingle');
    const desktop = await listen(DESKTOP_UA, DESKTOP);
    expect(desktop.state).toBe('refused');
    expect(desktop.text).toContain('aimed at another audience');
  });
});
