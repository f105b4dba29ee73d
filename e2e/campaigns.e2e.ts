import { describe, expect } from 'vitest';
import { e2eTest } from './support/fixtures.ts';

const it = e2eTest();

// Issue 6: a creator runs a campaign; nobody else can read it. The creators are fresh accounts
// (support/fixtures.ts), deleted with their campaigns and triggers after the test.
describe('campaigns', () => {
  it('creates a campaign, opens it, gives it a trigger, and hides it from another creator', async ({
    signUp,
  }) => {
    const maker = await signUp('maker');
    const { page, user } = maker;
    await maker.createTrigger({ name: 'Radio jingle', type: 'CUSTOM', actionData: 'jingle' });

    await page.goto('/admin/campaigns');
    await page.getByTestId('campaigns-empty').waitFor();
    await page.getByTestId('new-campaign').first().click();
    const form = page.getByTestId('campaign-form');
    await form.getByLabel('Name').fill('Spring radio');
    await form.getByLabel('Description').fill('Spots across the spring season');
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await page.waitForURL(/\/admin\/campaigns\/\d+$/);
    const campaignId = Number(new URL(page.url()).pathname.split('/').pop());

    await page.goto('/admin/campaigns');
    const card = page.getByTestId('campaign-card');
    await card.first().waitFor();
    expect(await card.count()).toBe(1);
    expect(await card.textContent()).toContain('Spring radio');
    expect(await card.getByTestId('campaign-status').textContent()).toBe('active');
    await card.click();
    await page.waitForURL(new RegExp(`/admin/campaigns/${campaignId}$`));
    await page.getByTestId('campaign-activity-chart').waitFor();

    await page.getByTestId('assign-trigger-select').click();
    await page.getByRole('option', { name: 'Radio jingle' }).click();
    await page.getByTestId('assign-trigger-button').click();
    await page.getByTestId('campaign-trigger-row').first().waitFor();
    expect(await page.getByTestId('campaign-trigger-row').count()).toBe(1);
    expect(await page.getByTestId('campaign-trigger-row').textContent()).toContain('Radio jingle');

    // Archive, then edit: the dialog starts from the archived campaign, so saving keeps it archived.
    await page.getByRole('button', { name: 'Archive' }).click();
    await expect.poll(() => page.getByTestId('campaign-status').first().textContent()).toBe('archived');
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByTestId('campaign-form');
    expect(await edit.getByLabel('Status').textContent()).toBe('archived');
    await edit.getByLabel('Name').fill('Spring radio (done)');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.locator('h1').first().textContent()).toContain('Spring radio (done)');
    expect(await page.getByTestId('campaign-status').first().textContent()).toBe('archived');

    const { page: other } = await signUp('rival');
    expect((await other.request.get(`/api/campaigns?userId=${user.id}`)).status()).toBe(403);
    expect((await other.request.get(`/api/campaigns/${campaignId}`)).status()).toBe(404);
    await other.goto(`/admin/campaigns/${campaignId}`);
    await other.getByTestId('campaign-not-found').waitFor();
    await other.goto('/admin/campaigns');
    await other.getByTestId('campaigns-empty').waitFor();
  });
});
