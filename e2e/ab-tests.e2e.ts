import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DESKTOP, newPage, PHONE } from './support/browser.ts';
import { e2eTest, signInAgain } from './support/fixtures.ts';
import { DESKTOP_UA, IPHONE } from './support/user-agents.ts';

interface Result {
  activationId: string;
  status: 'accepted' | 'refused';
  reason?: string;
  action?: { action: string; actionData: string };
}

// The admin's plan includes A/B testing and segments: each test acts as the admin from a page of its
// own (`adminPage`, so no screen state or viewport carries over) and makes its triggers and campaign
// through the fixture's helpers, which delete them after the test.
const it = e2eTest().extend('adminPage', async ({ server, browser, admin }, { onCleanup }): Promise<Page> => {
  const page = await signInAgain(browser, server.baseUrl, admin);
  onCleanup(() => page.context().close());
  return page;
});

// Issue 13: an A/B test serves both variants through the listener's own resolution path, a
// tracked click counts for the variant served, and a segment-targeted trigger runs only for phones.
describe('A/B tests and audience segments', () => {
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

  it('serves both variants close to the split, counts a tracked click for the right variant, and shows it', async ({
    server,
    browser,
    admin,
    adminPage: page,
  }) => {
    const campaign = await admin.createCampaign({ name: 'Summer radio' });
    const listener = await newPage(browser, server.baseUrl);
    const before = new Set(await loadCatalogue(listener));
    await admin.createTrigger({
      name: 'Summer spot',
      type: 'URL',
      action: 'OPEN_URL',
      actionData: `${server.baseUrl}/landing?offer=original`,
      campaignId: campaign.id,
      conversionGoal: 'signup',
    });
    const spotId = (await loadCatalogue(listener)).find((id) => !before.has(id)) as string;

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

  it('runs a segment-targeted trigger only for phones', async ({
    server,
    browser,
    admin,
    adminPage: page,
  }) => {
    const listener = await newPage(browser, server.baseUrl);
    const before = new Set(await loadCatalogue(listener));
    await admin.createTrigger({
      name: 'Phone reward',
      type: 'REWARD',
      actionData: '{"title":"Free song"}',
    });
    const rewardId = (await loadCatalogue(listener)).find((id) => !before.has(id));
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
