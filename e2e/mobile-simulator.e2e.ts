import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { e2eTest } from './support/fixtures.ts';

// Issue 4: the Mobile Simulator and the dashboard's phone preview receive SIMULATE_TRIGGER over
// the live channel when a Test button's API is called from another page.
const it = e2eTest({ browserArgs: ['--autoplay-policy=no-user-gesture-required'] }).extend(
  'promo',
  ({ owner }) =>
    owner.createTrigger({ name: 'Simulated promo', type: 'APP', actionData: 'spotify://album/1' }),
);

describe('mobile simulator: live simulations and test sounds', () => {
  async function openLive(page: Page, path: string) {
    await page.goto(path);
    await expect.poll(() => page.getByTestId('realtime-status').getAttribute('data-status')).toBe('open');
  }

  it('lists a simulation sent from another page in Detected Triggers', async ({ owner: account, promo }) => {
    const owner = account.page;
    const simulator = await owner.context().newPage();
    await openLive(simulator, '/admin/mobile-simulator');
    expect(await simulator.getByTestId('simulator-status').textContent()).toBe('Inactive');
    expect(await simulator.getByText('No triggers detected yet.').isVisible()).toBe(true);

    const response = await owner.request.post(`/api/simulate-trigger/${promo.id}`);
    expect(response.status()).toBe(200);
    const row = simulator.getByTestId('detection-row').first();
    await row.waitFor({ timeout: 5_000 });
    expect(await row.textContent()).toContain('Simulated promo');
    expect(await row.textContent()).toContain('Would launch app: spotify://album/1');
    await expect.poll(() => simulator.getByText('Testing Trigger').first().isVisible()).toBe(true);
    await simulator.close();
  });

  it("shows the latest simulations in the dashboard's phone preview, newest first, 3 kept", async ({
    owner: account,
    promo,
  }) => {
    const owner = account.page;
    const other = await account.createTrigger({
      name: 'Second promo',
      type: 'URL',
      actionData: 'https://example.com',
    });
    const dashboard = await owner.context().newPage();
    await dashboard.goto('/admin');
    await dashboard.getByText('No recent triggers detected').waitFor();
    // The preview has no status line of its own; the simulator page in the same tab set proves the channel.
    await expect
      .poll(async () => {
        await owner.request.post(`/api/simulate-trigger/${promo.id}`);
        return dashboard.getByTestId('phone-recent-item').count();
      })
      .toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) await owner.request.post(`/api/simulate-trigger/${other.id}`);
    await expect.poll(() => dashboard.getByTestId('phone-recent-item').count()).toBe(3);
    expect(await dashboard.getByTestId('phone-recent-item').first().textContent()).toContain('Second promo');

    await dashboard.getByRole('button', { name: 'Pause Listening' }).click();
    expect(await dashboard.getByTestId('listening-status').textContent()).toBe('Listening is paused');
    await dashboard.getByRole('button', { name: 'Start Listening' }).click();
    expect(await dashboard.getByTestId('listening-status').textContent()).toBe(
      'Listening for Tonemark triggers...',
    );
    await dashboard.close();
  });

  it('plays a test sound and disables its button for 3 s', async ({ owner: account, promo }) => {
    const owner = account.page;
    const simulator = await owner.context().newPage();
    await simulator.goto('/admin/mobile-simulator');
    const button = simulator
      .getByTestId('available-trigger')
      .filter({ hasText: promo.name })
      .getByTestId('test-sound');
    await button.click();
    await expect.poll(() => simulator.getByText('Playing Test Sound').first().isVisible()).toBe(true);
    expect(await button.isDisabled()).toBe(true);
    await expect.poll(() => button.isDisabled(), { timeout: 5_000 }).toBe(false);
    await simulator.close();
  });

  it('links an account without triggers to Create Trigger', async ({ owner }) => {
    const stranger = owner.page;
    await stranger.goto('/admin/mobile-simulator');
    const link = stranger.getByTestId('simulator-empty').getByRole('link');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/admin/create-trigger');
  });
});
