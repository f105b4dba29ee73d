import type { Catalogue, CreateTriggerInput } from '@tonemark/shared';
import { describe, expect } from 'vitest';
import { newPage } from './support/browser.ts';
import { e2eTest } from './support/fixtures.ts';
import { type TriggerSound, triggeredMicrophone } from './support/programme-audio.ts';

// A listening link (docs/decisions/listening-links.md): the creator copies it from Manage Triggers,
// a listener opens it, listens for that trigger only, and hears it through the fake microphone.
const PLAYED = {
  name: 'Shop jingle',
  type: 'REWARD',
  actionData: '{"title":"Heard it","description":"From the link"}',
  frequencyPattern: [800, 1650, 1100, 1900],
  durationMs: 2000,
  signal: 'audible',
} satisfies CreateTriggerInput & TriggerSound;
const OTHER = {
  name: 'Radio spot',
  type: 'URL',
  actionData: 'https://example.com/spot',
  frequencyPattern: [1250, 750, 1500, 1000],
  durationMs: 2000,
  signal: 'audible',
} satisfies CreateTriggerInput & TriggerSound;

const it = e2eTest({ microphone: triggeredMicrophone(PLAYED, 'listening-link.wav') });

describe('listening link', () => {
  it('is copied from Manage Triggers and listens for its trigger only', async ({
    server,
    browser,
    owner: account,
  }) => {
    const owner = account.page;
    const played = await account.createTrigger(PLAYED);
    await account.createTrigger(OTHER);
    await owner.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    await owner.goto('/admin/manage-triggers');
    await owner.getByRole('button', { name: `Copy listening link for ${PLAYED.name}` }).click();
    await owner.getByTestId('toast').getByText('Listening link copied').waitFor();
    const link = await owner.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${server.baseUrl}/listener?triggers=${played.publicTriggerId}`);

    const listener = await newPage(browser, server.baseUrl);
    const catalogue = listener.waitForResponse((r) => r.url().includes('/api/listener/catalogue'));
    await listener.goto(link);
    const scoped = (await (await catalogue).json()) as Catalogue;
    expect(scoped.triggers.map((t) => t.publicTriggerId)).toEqual([played.publicTriggerId]);
    await listener.getByText('1 active trigger from this listening link').waitFor();
    await listener.getByRole('button', { name: 'Start Listening' }).click();
    const row = listener.getByTestId('detection-row').first();
    await row.waitFor({ timeout: 10_000 });
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 10_000 }).toBe('done');
    expect(await row.textContent()).toContain(PLAYED.name);
    await listener.context().close();
  });
});
