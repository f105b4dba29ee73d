import type { CreateTriggerInput } from '@tonemark/shared';
import type { Browser } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DESKTOP, PHONE } from './support/browser.ts';
import { e2eTest } from './support/fixtures.ts';
import { type TriggerSound, triggeredMicrophone } from './support/programme-audio.ts';
import { DESKTOP_UA, IPHONE } from './support/user-agents.ts';

// The same, heard for real: the listener page on a phone runs a phone-targeted trigger, the one on
// a desktop says the trigger is meant for another audience and runs nothing.
const TRIGGER = {
  name: 'Phones only jingle',
  type: 'REWARD',
  actionData: '{"title":"Phone perk","description":"Only on phones"}',
  frequencyPattern: [650, 1350, 900, 1700],
  durationMs: 2000,
  signal: 'audible',
} satisfies CreateTriggerInput & TriggerSound;

const it = e2eTest({ microphone: triggeredMicrophone(TRIGGER, 'segment-targeted.wav') });

describe('a segment-targeted trigger in the listener page', () => {
  async function listen(
    browser: Browser,
    baseUrl: string,
    userAgent: string,
    viewport: { width: number; height: number },
  ) {
    const context = await browser.newContext({ baseURL: baseUrl, viewport, userAgent });
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

  it('runs on the phone and not on the desktop', async ({ server, browser, admin }) => {
    // Segments are in the admin's plan; the trigger, then the segment, are deleted after the test.
    const trigger = await admin.createTrigger(TRIGGER);
    const segment = await admin.page.request.post('/api/segments', {
      data: { name: 'Phones', criteria: { platforms: ['mobile'] } },
    });
    expect(segment.status()).toBe(201);
    const targeted = await admin.page.request.put(`/api/segments/targeting/${trigger.id}`, {
      data: { segmentIds: [((await segment.json()) as { id: number }).id] },
    });
    expect(targeted.status()).toBe(200);

    const phone = await listen(browser, server.baseUrl, IPHONE, PHONE);
    expect(phone.state).toBe('done');
    expect(phone.text).toContain('Phones only jingle');
    const desktop = await listen(browser, server.baseUrl, DESKTOP_UA, DESKTOP);
    expect(desktop.state).toBe('refused');
    expect(desktop.text).toContain('aimed at another audience');
  });
});
