import { type Browser, chromium, type Page } from 'playwright-core';

// Debian's Chromium (apt `chromium`); `npx playwright install` cannot work on this network.
// The background-networking flags stop Chromium calling home, which this network refuses.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // Playwright gives each launch its own fresh profile directory.
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };

export async function newPage(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  return context.newPage();
}
