import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterEach } from 'vitest';

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

// Content-Security-Policy violations Chromium reported in any page of this test file: each test
// fails on the ones that happened during it, so a CSP that breaks a page cannot pass unseen.
const cspViolations: string[] = [];

afterEach(() => {
  const seen = cspViolations.splice(0);
  if (seen.length > 0) throw new Error(`Content-Security-Policy violations:\n${seen.join('\n')}`);
});

/** Takes the violations seen so far (for a test that causes one on purpose). */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

function watchForCspViolations(context: BrowserContext): BrowserContext {
  context.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Content-Security-Policy/i.test(text)) cspViolations.push(text);
  });
  return context;
}

/** Chromium whose microphone is `wav` (looped), granted without a prompt: the listener tests. */
export function launchBrowserWithMicrophone(wav: string, extraArgs: string[] = []): Promise<Browser> {
  return launchBrowser([
    ...extraArgs,
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}`,
    '--autoplay-policy=no-user-gesture-required',
  ]);
}

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // Playwright gives each launch its own fresh profile directory.
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
  // Every context, however a test makes it, reports CSP violations.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => watchForCspViolations(await newContext(...args));
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    watchForCspViolations(page.context());
    return page;
  };
  return browser;
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };

export async function newPage(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  return context.newPage();
}
