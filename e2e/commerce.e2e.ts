import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { newPage } from './support/browser.ts';
import { e2eTest } from './support/fixtures.ts';

// Each test is an anonymous `visitor` or its own `owner` (a creator on the Free tier: the fixture's
// admin is the server's first account), deleted after it with its subscriptions and payments.
const it = e2eTest().extend('visitor', async ({ server, browser }, { onCleanup }): Promise<Page> => {
  const page = await newPage(browser, server.baseUrl);
  onCleanup(() => page.context().close());
  return page;
});

// Issue 6: a visitor buys a plan in the sandbox; plan limits hold on the first tier.
describe('commerce: pricing, sandbox checkout and plan limits', () => {
  async function fillCard(page: Page, number: string) {
    const form = page.getByTestId('sandbox-card-form');
    await form.getByLabel('Card number').fill(number);
    await form.getByLabel('Expiry').fill('12 / 34');
    await form.getByLabel('CVC').fill('123');
    await page.getByTestId('pay-button').click();
  }

  const me = async (page: Page) =>
    (
      (await (await page.request.get('/api/auth/me')).json()) as {
        user: { subscriptionPlan: string | null; subscriptionStatus: string };
      }
    ).user;

  it('shows yearly prices with per-year suffixes when the toggle is switched', async ({ visitor: page }) => {
    await page.goto('/pricing');
    const pro = page.getByTestId('plan-pro');
    await expect.poll(() => pro.getByTestId('plan-price').textContent()).toBe('$199');
    expect(await pro.textContent()).toContain('/month');
    expect(await page.getByText('Save 20%').isVisible()).toBe(true);
    expect(await pro.textContent()).toContain('Most Popular');
    await page.getByTestId('billing-yearly').click();
    await expect.poll(() => pro.getByTestId('plan-price').textContent()).toBe('$1,910.40');
    expect(await pro.textContent()).toContain('/year');
    expect(await page.getByTestId('plan-starter').getByTestId('plan-price').textContent()).toBe('$470.40');
    expect(await pro.textContent()).toContain('25 triggers per month');
    expect(await pro.textContent()).toContain('50 GB of storage');
  });

  it('opens /landing#pricing at the pricing section', async ({ visitor: page }) => {
    await page.goto('/landing#pricing');
    await page.locator('#pricing').getByTestId('plan-pro').waitFor();
    await expect
      .poll(() => page.locator('#pricing').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeLessThan(100);
  });

  it('sends an anonymous visitor who chooses a plan to sign in and back', async ({ visitor: page }) => {
    await page.goto('/pricing');
    await page.getByTestId('choose-pro').click();
    await page.waitForURL(/\/landing\?.*tab=creator/);
    expect(decodeURIComponent(page.url())).toContain('next=/pricing?billing=monthly&plan=pro-monthly');
  });

  async function checkoutFor(page: Page, planId: string) {
    const response = await page.request.post('/api/subscriptions', {
      data: { planId, email: 'x@example.com', name: 'X', metadata: { source: 'pricing_page' } },
    });
    const { subscriptionId } = (await response.json()) as { subscriptionId: string };
    await page.goto(`/checkout?subscriptionId=${subscriptionId}`);
  }

  it('offers no payment on a bare /checkout', async ({ owner }) => {
    const { page } = owner;
    await page.goto('/checkout?amount=49.99');
    await expect.poll(() => page.getByTestId('checkout-nothing').isVisible()).toBe(true);
    expect(await page.getByTestId('sandbox-card-form').count()).toBe(0);
  });

  it('declines 4000 0000 0000 0002 and 9995 with Payment Failed and changes nothing', async ({ owner }) => {
    const { page } = owner;
    await checkoutFor(page, 'starter-monthly');
    await expect.poll(() => page.getByTestId('checkout-plan').textContent()).toBe('Starter, billed monthly');
    expect(await page.getByTestId('order-summary').textContent()).toContain('$49/month');
    expect(await page.getByTestId('order-summary').textContent()).not.toContain('sub_');
    await fillCard(page, '4000 0000 0000 0002');
    await expect
      .poll(() => page.getByTestId('payment-failed').textContent())
      .toContain('Your card was declined.');
    expect(await page.getByText('Payment Failed').first().isVisible()).toBe(true);
    expect(page.url()).toContain('/checkout');
    expect(await me(page)).toMatchObject({ subscriptionPlan: null, subscriptionStatus: 'inactive' });
    await fillCard(page, '4000 0000 0000 9995');
    await expect
      .poll(() => page.getByTestId('payment-failed').textContent())
      .toContain('Your card has insufficient funds.');
    expect(await me(page)).toMatchObject({ subscriptionPlan: null, subscriptionStatus: 'inactive' });

    // The address bar cannot turn this declined payment into a success.
    const { payments } = (await (await page.request.get('/api/payments')).json()) as { payments: unknown[] };
    expect(payments).toEqual([]);
  });

  it('does not show a failed redirect status as a success', async ({ visitor: page }) => {
    await page.goto('/payment-success?payment_intent=pi_3abc123def456&redirect_status=failed');
    await expect.poll(() => page.getByTestId('payment-failed').isVisible()).toBe(true);
    expect(await page.getByText('Payment Successful!').count()).toBe(0);
    expect(await page.getByTestId('transaction-status').textContent()).toBe('failed');
    await page.goto('/payment-success?payment_intent=pi_3abc123def456&redirect_status=processing');
    await expect.poll(() => page.getByTestId('payment-processing').isVisible()).toBe(true);
    await page.goto('/payment-success');
    await expect.poll(() => page.getByTestId('payment-none').isVisible()).toBe(true);
    expect(await page.getByText('Payment Successful!').count()).toBe(0);
  });

  it("believes the account's own payment record over a forged succeeded status", async ({ owner }) => {
    const { page } = owner;
    const intentResponse = page.waitForResponse((r) => r.url().endsWith('/api/create-payment-intent'));
    await checkoutFor(page, 'starter-monthly');
    const { paymentIntentId } = (await (await intentResponse).json()) as { paymentIntentId: string };
    await fillCard(page, '4000 0000 0000 0002');
    await expect.poll(() => page.getByTestId('payment-failed').isVisible()).toBe(true);
    await page.goto(`/payment-success?payment_intent=${paymentIntentId}&redirect_status=succeeded`);
    await expect.poll(() => page.getByTestId('payment-failed').isVisible()).toBe(true);
    expect(await page.getByTestId('transaction-status').textContent()).toBe('requires_payment_method');
    expect(await page.getByTestId('transaction-error').textContent()).toBe('Your card was declined.');
    expect(await page.getByText('Payment Successful!').count()).toBe(0);
  });

  it('buys Pro with 4242 in the sandbox, lands on /payment-success and shows the plan on the account', async ({
    owner,
  }) => {
    const { page } = owner;
    // The account's plan answers late here, as on a busy machine: until it has, no plan can be
    // chosen, since a choice then would skip saying what the plan changes.
    let answerPlan = () => {};
    const planHeld = new Promise<void>((resolve) => {
      answerPlan = resolve;
    });
    await page.route('**/api/subscriptions/current', async (route) => {
      await planHeld;
      await route.continue();
    });
    await page.goto('/landing');
    await page
      .locator('#pricing')
      .getByRole('link', { name: /Get Pro/ })
      .click();
    await page.waitForURL(/\/pricing/);
    await expect.poll(() => page.getByTestId('choose-pro').isDisabled()).toBe(true);
    // Answered from here on (later reads of the plan pass straight through).
    answerPlan();
    await page.getByTestId('choose-pro').click();
    // What the plan changes is said before anything is bought.
    const dialog = page.getByTestId('plan-change-dialog');
    await expect.poll(() => dialog.textContent()).toContain('Upgrade from Free to Pro');
    expect(await dialog.getByTestId('plan-change-limits').textContent()).toContain('Active triggers: 2 → 25');
    expect(await dialog.getByTestId('plan-change-limits').textContent()).toContain('Storage: 500 MB → 50 GB');
    await dialog.getByTestId('confirm-plan-change').click();
    await expect.poll(() => page.getByTestId('plan-selected').textContent()).toContain('opening checkout');
    expect(await page.getByTestId('plan-selected').textContent()).not.toContain('sub_');
    expect(await page.getByTestId('choose-pro').textContent()).toBe('Selected');
    expect(await page.getByTestId('choose-pro').isDisabled()).toBe(true);

    await page.waitForURL(/\/checkout\?amount=199&subscriptionId=sub_/);
    expect(await page.getByTestId('sandbox-label').textContent()).toContain('Sandbox — no real charges');
    expect(await page.getByTestId('checkout-amount').textContent()).toBe('$199.00');
    expect(await page.getByTestId('checkout-plan').textContent()).toBe('Pro, billed monthly');
    await fillCard(page, '4242 4242 4242 4242');

    await page.waitForURL(
      /\/payment-success\?payment_intent=pi_.*&payment_intent_client_secret=.*&redirect_status=succeeded/,
    );
    const intent = new URL(page.url()).searchParams.get('payment_intent') ?? '';
    // The success screen is loaded on demand: wait for it before reading it.
    await page.getByTestId('payment-details').waitFor();
    expect(await page.getByText('Payment Successful!').isVisible()).toBe(true);
    expect(await page.getByText('Your transaction has been completed successfully').isVisible()).toBe(true);
    expect(await page.getByTestId('transaction-id').textContent()).toBe(`${intent.slice(0, 8)}…`);
    expect(await page.getByTestId('transaction-status').textContent()).toBe('succeeded');
    expect(await page.getByTestId('transaction-date').textContent()).toMatch(/\d/);

    expect(await me(page)).toMatchObject({ subscriptionPlan: 'pro', subscriptionStatus: 'active' });
    await page.getByRole('link', { name: 'View Dashboard' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto('/admin/settings');
    await expect.poll(() => page.getByTestId('account-plan-name').textContent()).toBe('Pro');
    expect(await page.getByTestId('account-plan-status').textContent()).toBe('active');
    expect(await page.getByTestId('account-plan-renewal').textContent()).not.toBe('—');
    expect(await page.getByTestId('account-plan-usage').textContent()).toBe('0 of 25');
    expect(await page.getByTestId('storage-usage').textContent()).toBe('0 B of 50 GB');
    const receipts = page.getByTestId('receipt-list');
    await expect.poll(() => receipts.textContent()).toContain('Pro, monthly');
    await receipts.getByRole('link').first().click();
    await page.waitForURL(/\/admin\/receipts\/pi_/);
    await expect.poll(() => page.getByTestId('receipt-total').textContent()).toContain('$199.00');
    const download = await page.request.get(
      (await page.getByTestId('download-receipt').getAttribute('href')) ?? '',
    );
    expect(download.headers()['content-disposition']).toContain('attachment');
    expect(await download.text()).toContain('Pro plan, one month');

    // Cancel at period end: the plan stays, its end date shows, and it can be resumed.
    const { currentPeriodEnd } = (await (await page.request.get('/api/subscriptions/current')).json()) as {
      currentPeriodEnd: string;
    };
    const endDate = new Date(currentPeriodEnd).toLocaleDateString('en-US', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    await page.goto('/admin/settings');
    await page.getByTestId('cancel-subscription').click();
    await expect
      .poll(() => page.getByTestId('account-plan-status').textContent())
      .toContain('cancelled, ends');
    expect(await page.getByTestId('account-plan-renewal').textContent()).toBe(endDate);
    expect(await page.getByTestId('account-plan-name').textContent()).toBe('Pro');
    expect(await page.getByTestId('account-plan-usage').textContent()).toBe('0 of 25');
    await page.reload();
    await expect.poll(() => page.getByTestId('account-plan-status').textContent()).toContain('cancelled');
    await page.getByTestId('resume-subscription').click();
    await expect.poll(() => page.getByTestId('account-plan-status').textContent()).toBe('active');
    await page.getByTestId('cancel-subscription').click();
    await expect.poll(() => page.getByTestId('account-plan-status').textContent()).toContain('cancelled');
    // The plan paid for is marked on the pricing page rather than offered again.
    await page.goto('/pricing');
    await expect.poll(() => page.getByTestId('choose-pro').textContent()).toBe('Current plan');
    expect(await page.getByTestId('choose-pro').isDisabled()).toBe(true);
    expect(await page.getByTestId('choose-starter').isEnabled()).toBe(true);
  });

  it('holds an account without a plan to the Free tier: a third active trigger is refused', async ({
    owner,
  }) => {
    const { page } = owner;
    for (let i = 1; i <= 2; i++) {
      await owner.createTrigger({ name: `Spot ${i}`, type: 'CUSTOM', actionData: `spot-${i}` });
    }
    await page.goto('/admin/create-trigger');
    const form = page.getByTestId('trigger-form');
    await form.getByLabel('Name').fill('Spot 3');
    await form
      .getByLabel(/URL|Action data/i)
      .first()
      .fill('https://example.com/three');
    await form.locator('button[type="submit"]').click();
    const message = 'Your Free plan allows 2 active triggers. Deactivate one or upgrade your plan.';
    await expect.poll(() => form.getByText(message).isVisible()).toBe(true);
    const triggers = (await (await page.request.get('/api/triggers')).json()) as unknown[];
    expect(triggers).toHaveLength(2);
    await page.goto('/admin/settings');
    await expect
      .poll(() => page.getByTestId('account-plan-name').textContent())
      .toBe('Free (no subscription)');
    expect(await page.getByTestId('account-plan-usage').textContent()).toBe('2 of 2');
    expect(await page.getByTestId('storage-usage').textContent()).toBe('0 B of 500 MB');
  });
});
