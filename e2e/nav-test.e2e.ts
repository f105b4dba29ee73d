import { describe, expect } from 'vitest';
import { newPage } from './support/browser.ts';
import { e2eTest } from './support/fixtures.ts';

const it = e2eTest();

// SPEC §2.12: every link of the five sections reaches its page. No accounts: the visitor is anonymous.
describe('navigation test page', () => {
  // Anonymous: /admin sends to sign-in, which is how it "works" for a visitor.
  const expected: Record<string, RegExp> = {
    '/': /\/$/,
    '/admin': /\/landing\?.*next=%2Fadmin/,
    '/listener': /\/listener$/,
  };
  const labels = { '/': 'Home', '/admin': 'Admin', '/listener': 'Listener' } as const;

  it('follows the same-tab links: absolute, relative and direct page load', async ({ server, browser }) => {
    const page = await newPage(browser, server.baseUrl);
    for (const section of ['nav-absolute', 'nav-relative', 'nav-direct']) {
      for (const [path, label] of Object.entries(labels)) {
        await page.goto('/nav-test');
        await page
          .getByTestId(section)
          .getByText(new RegExp(`^${label} `))
          .click();
        await page.waitForURL(expected[path] ?? /never/);
      }
    }
    await page.context().close();
  });

  it('opens new tabs from the target=_blank links and window.open', async ({ server, browser }) => {
    const page = await newPage(browser, server.baseUrl);
    await page.goto('/nav-test');
    for (const section of ['nav-new-tab', 'nav-window-open']) {
      for (const [path, label] of Object.entries(labels)) {
        const [tab] = await Promise.all([
          page.context().waitForEvent('page'),
          page
            .getByTestId(section)
            .getByText(new RegExp(`^${label}`))
            .click(),
        ]);
        await tab.waitForURL(expected[path] ?? /never/);
        expect(tab.url()).toMatch(expected[path] ?? /never/);
        await tab.close();
      }
    }
    await page.context().close();
  });
});
