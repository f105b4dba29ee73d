import { describe, expect } from 'vitest';
import { signUpInBrowser } from './support/accounts.ts';
import { newPage, takeCspViolations } from './support/browser.ts';
import { e2eTest, uniqueEmail } from './support/fixtures.ts';

const it = e2eTest();

// Issue 11 item 5 in a real browser: the headers arrive, the pages run under the CSP, another
// site can neither frame the app nor open its real-time channel.
describe('browser security: CSP, framing and cross-site WebSocket', () => {
  const EVIL = 'http://evil.test';

  it.for(['/', '/admin', '/api/health', '/listener'])(
    '%s carries the security headers',
    async (url, { server }) => {
      const response = await fetch(`${server.baseUrl}${url}`);
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    },
  );

  it('runs the landing page and the admin area with no CSP violation', async ({ server, browser }) => {
    // Signs up through the screens (that is part of what runs under the CSP); the account is this
    // test's alone and the file's server goes with the file.
    const page = await newPage(browser, server.baseUrl);
    await signUpInBrowser(page, uniqueEmail('csp-owner'));
    await page.goto('/admin/manage-triggers');
    await page.waitForLoadState('networkidle');
    await page.goto('/pricing');
    await page.waitForLoadState('networkidle');
    await page.context().close();
  });

  it('reports a CSP violation when one happens (the console check can fail)', async ({ server, browser }) => {
    const page = await newPage(browser, server.baseUrl);
    await page.goto('/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inline = 1';
      document.body.append(script);
    });
    await expect.poll(() => takeCspViolations().some((text) => /script-src/.test(text))).toBe(true);
    expect(await page.evaluate(() => (window as { __inline?: number }).__inline)).toBeUndefined();
    await page.context().close();
  });

  it('refuses to be framed by another site', async ({ server, browser }) => {
    const page = await newPage(browser, server.baseUrl);
    await page.route(`${EVIL}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<iframe id="f" src="${server.baseUrl}/"></iframe>` }),
    );
    await page.goto(`${EVIL}/frame`);
    // Chromium replaces a frame its ancestors may not embed with an error page.
    const framed = () => page.frames().find((frame) => frame !== page.mainFrame());
    await expect.poll(() => framed()?.url()).toMatch(/^chrome-error:/);
    expect(await framed()?.content()).not.toContain('id="root"');
    await page.context().close();
  });

  it("refuses another site's WebSocket and accepts its own", async ({ server, browser }) => {
    const page = await newPage(browser, server.baseUrl);
    const wsUrl = `${server.baseUrl.replace('http', 'ws')}/ws`;
    const openFrom = (url: string) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(url);
        socket.onopen = () => {
          socket.close();
          resolve('open');
        };
        socket.onerror = () => resolve('refused');
      });
    await page.goto('/');
    expect(await page.evaluate(openFrom, wsUrl)).toBe('open');
    await page.route(`${EVIL}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>evil</p>' }),
    );
    await page.goto(`${EVIL}/ws`);
    expect(await page.evaluate(openFrom, wsUrl)).toBe('refused');
    await page.context().close();
  });
});
