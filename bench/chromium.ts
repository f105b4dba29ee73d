import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium, headless, as the browser benchmarks run it (CHROMIUM_PATH overrides the path). */
export function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}
