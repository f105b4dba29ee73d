import { describe, expect } from 'vitest';
import { signUpInBrowser } from './support/accounts.ts';
import { newPage, PHONE } from './support/browser.ts';
import { e2eTest } from './support/fixtures.ts';
import { startServer } from './support/server.ts';

const it = e2eTest();

// Foundation scenario (issue 2): a creator signs up, signs in and manages triggers in the admin area.
// Each test makes its own account and triggers (support/fixtures.ts).
describe('foundation: accounts, admin shell and triggers', () => {
  it('sends an anonymous visitor of /admin to sign in, and back after', async ({ server, browser }) => {
    const anonymous = await newPage(browser, server.baseUrl);
    await anonymous.goto('/admin/manage-triggers');
    await anonymous.waitForURL(/\/landing\?.*tab=creator/);
    expect(anonymous.url()).toContain('next=%2Fadmin%2Fmanage-triggers');
    await expect.poll(() => anonymous.getByTestId('login-form').isVisible()).toBe(true);
    await anonymous.context().close();
  });

  it('makes the first sign-up the admin and shows who is signed in', async ({ browser }) => {
    // A server of its own: "first" means no account at all yet, which the file's server is not.
    const fresh = await startServer();
    try {
      const page = await newPage(browser, fresh.baseUrl);
      await signUpInBrowser(page, 'founder@example.com');
      await expect
        .poll(() => page.getByTestId('sidebar-user-email').textContent())
        .toBe('founder@example.com');
      const me = await page.request.get('/api/auth/me');
      expect((await me.json()).user.role).toBe('admin');
      await page.context().close();
    } finally {
      await fresh.stop();
    }
  });

  it('shows Login Failed for a wrong password and signs in with the right one', async ({
    server,
    browser,
    owner,
  }) => {
    const visitor = await newPage(browser, server.baseUrl);
    await visitor.goto('/admin/manage-triggers');
    await visitor.waitForURL(/\/landing/);
    const form = visitor.getByTestId('login-form');
    await form.getByLabel('Email').fill(owner.email);
    await form.getByLabel('Password').fill('wrong-password');
    await form.getByRole('button').last().click();
    await expect
      .poll(() => visitor.getByText('Please enter valid credentials').first().isVisible())
      .toBe(true);
    expect(await visitor.getByText('Login Failed').first().isVisible()).toBe(true);
    await form.getByLabel('Password').fill(owner.password);
    await form.getByRole('button').last().click();
    await visitor.waitForURL(/\/admin\/manage-triggers$/);
    await visitor.context().close();
  });

  it('creates a trigger through the form and skips embedding to Manage Triggers', async ({ owner }) => {
    const { page } = owner;
    await page.goto('/admin/create-trigger');
    const form = page.getByTestId('trigger-form');
    await form.getByLabel('Name').fill('Launch jingle');
    await form.getByLabel(/Description/).fill('Plays at the end of the launch video');
    await form
      .getByLabel(/URL|Action data/i)
      .first()
      .fill('https://example.com/launch');
    await form.locator('button[type="submit"]').click();
    await page.getByRole('button', { name: 'Skip Embedding' }).click();
    await page.waitForURL(/\/admin\/manage-triggers$/);
    await expect.poll(() => page.getByText('Trigger Created').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('trigger-row').count()).toBe(1);
    const [saved] = (await (await page.request.get('/api/triggers')).json()) as {
      name: string;
      frequencyPattern: number[];
    }[];
    expect(saved).toMatchObject({ name: 'Launch jingle', frequencyPattern: [1000, 1200, 1500, 1800] });
  });

  it('warns while choosing tones that sound like an active trigger, and stops once they differ', async ({
    owner,
  }) => {
    const { page } = owner;
    await owner.createTrigger({
      name: 'Launch jingle',
      type: 'URL',
      actionData: 'https://example.com/launch',
    });
    await page.goto('/admin/create-trigger');
    const warning = page.getByTestId('pattern-warning');
    // The form starts on the default pattern, which 'Launch jingle' already plays.
    await expect.poll(() => warning.textContent(), { timeout: 10_000 }).toContain('Launch jingle');
    expect(await warning.textContent()).toContain('sounds the same');
    await page.getByRole('slider', { name: 'Frequency 1' }).press('Home');
    await expect.poll(() => warning.textContent()).toContain('differs in one tone only');
    await page.getByRole('slider', { name: 'Frequency 2' }).press('End');
    await expect.poll(() => warning.count()).toBe(0);
  });

  it('searches and pages through triggers, five a page', async ({ admin }) => {
    // The admin: a creator on the free plan may make two triggers, and this needs seven.
    const { page } = admin;
    await admin.createTrigger({
      name: 'Launch jingle',
      type: 'URL',
      actionData: 'https://example.com/launch',
    });
    for (let i = 1; i <= 6; i++) {
      await admin.createTrigger({ name: `Promo ${i}`, type: 'CUSTOM', actionData: `promo-${i}` });
    }
    await page.goto('/admin/manage-triggers');
    await expect.poll(() => page.getByTestId('trigger-row').count()).toBe(5);
    expect(await page.getByTestId('triggers-count').textContent()).toContain('Showing 5 of 7 triggers');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => page.getByTestId('trigger-row').count()).toBe(2);
    await page.getByPlaceholder('Search triggers...').fill('LAUNCH');
    await expect.poll(() => page.getByTestId('trigger-row').count()).toBe(1);
    expect(await page.getByTestId('trigger-row').first().textContent()).toContain('Launch jingle');
    await page.getByPlaceholder('Search triggers...').fill('no such trigger');
    await expect.poll(() => page.getByText('No triggers found.').isVisible()).toBe(true);
  });

  it('edits a trigger on /edit-trigger/:id and survives a refresh there', async ({ owner }) => {
    const { page } = owner;
    const target = await owner.createTrigger({
      name: 'Rename me',
      type: 'URL',
      actionData: 'https://example.com/a',
    });
    await page.goto(`/edit-trigger/${target.id}`);
    await page.reload();
    const form = page.getByTestId('trigger-form');
    await expect.poll(() => form.getByLabel('Name').inputValue()).toBe('Rename me');
    await form.getByLabel('Name').fill('Renamed trigger');
    await form.locator('button[type="submit"]').click();
    await page.waitForURL(/manage-triggers/);
    const saved = await (await page.request.get(`/api/triggers/${target.id}`)).json();
    expect(saved.name).toBe('Renamed trigger');
  });

  it('deletes a trigger after the confirmation', async ({ owner }) => {
    const { page } = owner;
    await owner.createTrigger({ name: 'Renamed trigger', type: 'URL', actionData: 'https://example.com/a' });
    await page.goto('/admin/manage-triggers');
    // The search asks the server once typing settles; the list shown until then is the unsearched
    // one, so wait for the searched answer before deleting from it.
    const searched = page.waitForResponse(
      (r) => new URL(r.url()).searchParams.get('search') === 'Renamed trigger' && r.ok(),
    );
    await page.getByPlaceholder('Search triggers...').fill('Renamed trigger');
    await searched;
    await expect.poll(() => page.getByTestId('trigger-row').count()).toBe(1);
    await page.getByTestId('delete-trigger').first().click();
    const dialog = page.getByTestId('delete-trigger-dialog');
    await expect
      .poll(() => dialog.getByText('Are you sure you want to delete this trigger?').isVisible())
      .toBe(true);
    await dialog
      .getByRole('button', { name: /delete/i })
      .last()
      .click();
    await expect.poll(() => page.getByText('Trigger deleted successfully').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('trigger-row').count()).toBe(0);
    const names = ((await (await page.request.get('/api/triggers')).json()) as { name: string }[]).map(
      (t) => t.name,
    );
    expect(names).not.toContain('Renamed trigger');
  });

  it('shows the bottom tab bar and a working slide-over menu at 375 px', async ({
    server,
    browser,
    owner,
  }) => {
    const phone = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: PHONE,
      storageState: await owner.page.context().storageState(),
    });
    const small = await phone.newPage();
    await small.goto('/admin');
    await expect.poll(() => small.getByTestId('bottom-tab-bar').isVisible()).toBe(true);
    expect(await small.getByTestId('sidebar').isVisible()).toBe(false);
    await small.getByTestId('mobile-menu-button').click();
    const menu = small.getByTestId('mobile-menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    await menu.getByText('Create Trigger', { exact: true }).click();
    await small.waitForURL(/\/admin\/create-trigger$/);
    await expect.poll(() => menu.isVisible()).toBe(false);
    await small.getByTestId('mobile-menu-button').click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    await small.mouse.click(360, 700);
    await expect.poll(() => menu.isVisible()).toBe(false);
    // The gear opens Account Settings (issue 14), and the menu reaches every admin screen.
    await small.getByTestId('mobile-settings-button').click();
    await small.waitForURL(/\/admin\/settings$/);
    for (const [label, path] of [
      ['Analytics', '/admin/analytics'],
      ['Help & Support', '/admin/help'],
      ['Process Segment', '/admin/segment-embedding'],
      ['Mobile Simulator', '/admin/mobile-simulator'],
      ['Account Settings', '/admin/settings'],
    ] as const) {
      await small.getByTestId('mobile-menu-button').click();
      await menu.getByText(label, { exact: true }).click();
      await small.waitForURL((url) => url.pathname === path);
    }
    await small.getByTestId('bottom-tab-bar').getByText('Triggers', { exact: true }).click();
    await small.waitForURL(/\/admin\/manage-triggers$/);
    await phone.close();
  });

  it('keeps a second creator away from the first creator’s trigger', async ({ owner, signUp }) => {
    const mine = await owner.createTrigger({ name: 'Private', type: 'CUSTOM', actionData: 'x' });
    const rival = await signUp('rival');
    expect(rival.user.role).toBe('creator');
    const other = rival.page.request;
    expect((await other.get(`/api/triggers/${mine.id}`)).status()).toBe(404);
    expect((await other.delete(`/api/triggers/${mine.id}`)).status()).toBe(404);
    expect(await (await other.get('/api/triggers')).json()).toEqual([]);
    expect((await owner.page.request.get(`/api/triggers/${mine.id}`)).status()).toBe(200);
  });

  it('shows the not-found page for unknown paths', async ({ owner }) => {
    const { page } = owner;
    for (const path of ['/no/such/page', '/admin/not-a-screen']) {
      await page.goto(path);
      await expect.poll(() => page.getByText('404 Page Not Found').isVisible()).toBe(true);
      // SPEC's developer hint belongs to development builds only.
      expect(await page.getByText('Developer hint').count()).toBe(0);
    }
  });

  it('fits every sidebar entry on a 1280×800 screen, Media Management and Settings included', async ({
    owner,
  }) => {
    const { page } = owner;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin');
    const sidebar = page.getByTestId('sidebar');
    for (const label of ['Media Management', 'Account Settings', 'Help & Support']) {
      const link = sidebar.getByRole('link', { name: label, exact: true });
      await link.waitFor();
      const box = await link.boundingBox();
      expect(box && box.y + box.height <= 800, `${label} at ${JSON.stringify(box)}`).toBe(true);
    }
    await page.getByRole('link', { name: 'Dashboard settings' }).click();
    await page.waitForURL(/\/admin\/settings$/);
  });
});
