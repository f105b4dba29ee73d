import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from './support/browser.ts';
import { startServer } from './support/server.ts';

const OUT = '/tmp/account-shots';
const server = await startServer();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: CHROMIUM_ARGS,
});
try {
  const setup = await (await browser.newContext({ baseURL: server.baseUrl })).newPage();
  await setup.request.post('/api/auth/register', {
    data: { email: 'admin@example.com', password: 'password-123' },
  });
  const ctxState = await setup.context().storageState();
  // A creator with a paid plan, a trigger, media, a receipt.
  const creatorCtx = await browser.newContext({ baseURL: server.baseUrl });
  const c = await creatorCtx.newPage();
  await c.request.post('/api/auth/register', {
    data: { email: 'casey@example.com', password: 'password-123' },
  });
  await c.request.patch('/api/account/profile', { data: { displayName: 'Casey Jones' } });
  const trig = await (
    await c.request.post('/api/triggers', {
      data: {
        name: 'Spring promo',
        type: 'REWARD',
        actionData: '{"title":"10% off","description":"Use code SPRING"}',
      },
    })
  ).json();
  const sub = await (
    await c.request.post('/api/subscriptions', {
      data: { planId: 'pro-monthly', email: 'casey@example.com', name: 'Casey' },
    })
  ).json();
  const intent = await (
    await c.request.post('/api/create-payment-intent', {
      data: { amount: 199, subscriptionId: sub.subscriptionId },
    })
  ).json();
  await c.request.post('/api/payments/sandbox/confirm', {
    data: {
      clientSecret: intent.clientSecret,
      card: { number: '4242424242424242', expiry: '12 / 40', cvc: '123' },
    },
  });
  const wav = path.join(server.dataDir, 'shot.wav');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=f=440:d=3', wav]);
  await c.request.post('/api/media/upload', {
    multipart: {
      mediaFile: { name: 'interview.wav', mimeType: 'audio/wav', buffer: readFileSync(wav) },
      title: 'Interview',
    },
  });
  const pending = await (
    await c.request.post('/api/subscriptions', {
      data: { planId: 'starter-yearly', email: 'casey@example.com', name: 'Casey' },
    })
  ).json();
  const creatorState = await creatorCtx.storageState();

  const sizes = { d: { width: 1280, height: 800 }, m: { width: 375, height: 812 } } as const;
  async function shot(
    name: string,
    url: string,
    opts: {
      state?: 'admin' | 'creator' | 'none';
      full?: boolean;
      act?: (p: Page) => Promise<void>;
      init?: string;
    } = {},
  ) {
    for (const [tag, viewport] of Object.entries(sizes)) {
      const ctx = await browser.newContext({
        baseURL: server.baseUrl,
        viewport,
        storageState: opts.state === 'admin' ? ctxState : opts.state === 'none' ? undefined : creatorState,
      });
      const p = await ctx.newPage();
      if (opts.init) await p.addInitScript(opts.init);
      await p.goto(url);
      await p.waitForLoadState('networkidle');
      await p.waitForTimeout(400);
      if (opts.act) await opts.act(p);
      await p.waitForTimeout(300);
      await p.screenshot({ path: `${OUT}/${name}-${tag}.png`, fullPage: opts.full ?? true });
      if (tag === 'm' && (opts.full ?? true)) {
        const height = await p.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0, i = 0; y < height && i < 4; y += 1100, i++) {
          await p.screenshot({ path: `${OUT}/${name}-m${i}.png`, fullPage: true, clip: { x: 0, y, width: 375, height: Math.min(1100, height - y) } });
        }
      }
      await ctx.close();
    }
  }
  const only = process.argv[2];
  const want = (n: string) => !only || only.split(',').includes(n);
  if (want('sidebar')) await shot('sidebar', '/admin', { full: false });
  if (want('menu'))
    await shot('menu', '/admin', {
      full: false,
      act: async (p) => {
        if ((p.viewportSize()?.width ?? 0) < 768) await p.getByTestId('mobile-menu-button').click();
      },
    });
  if (want('settings')) await shot('settings', '/admin/settings');
  if (want('settings-admin')) await shot('settings-admin', '/admin/settings', { state: 'admin' });
  if (want('pricing'))
    await shot('pricing', '/pricing', {
      act: async (p) => {
        await p.getByTestId('choose-enterprise').click();
        await p.getByTestId('plan-change-dialog').waitFor();
      },
      full: false,
    });
  if (want('checkout')) await shot('checkout', `/checkout?subscriptionId=${pending.subscriptionId}`);
  if (want('checkout-bare')) await shot('checkout-bare', '/checkout');
  if (want('pay-failed'))
    await shot('pay-failed', '/payment-success?payment_intent=pi_3abc123def456&redirect_status=failed');
  if (want('pay-ok'))
    await shot(
      'pay-ok',
      `/payment-success?payment_intent=${intent.paymentIntentId}&redirect_status=succeeded`,
    );
  if (want('receipt')) await shot('receipt', `/admin/receipts/${intent.paymentIntentId}`);
  if (want('forgot')) await shot('forgot', '/forgot-password', { state: 'none' });
  if (want('reset'))
    await shot('reset', '/reset-password?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', {
      state: 'none',
      act: async (p) => {
        await p.getByLabel('New password').fill('new-password-1');
        await p.getByRole('button', { name: 'Set new password' }).click();
        await p.getByTestId('link-outcome').waitFor();
      },
    });
  if (want('edit')) await shot('edit', `/admin/edit-trigger/${trig.id}`);
  if (want('manage')) await shot('manage', '/admin/manage-triggers');
  if (want('media')) await shot('media', '/admin/media-management');
  if (want('listener'))
    await shot('listener', '/listener', {
      init: `localStorage.setItem('tonemark.rewards', JSON.stringify([{id:'r1',title:'10% off',description:'Use code SPRING at checkout',triggerName:'Spring promo',at:new Date().toISOString()}]))`,
    });
  if (want('analytics')) await shot('analytics', '/admin', { full: false });
  if (want('404')) await shot('404', '/nowhere', { state: 'none' });
  if (want('landing')) await shot('landing', '/landing?tab=creator', { state: 'none', full: false });
  if (want('footer'))
    await shot('footer', '/landing', {
      state: 'none',
      full: false,
      act: async (p) => {
        await p.locator('footer').scrollIntoViewIfNeeded();
      },
    });
} finally {
  await browser.close();
  await server.stop();
}
