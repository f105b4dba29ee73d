import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));

// Three projects: fast unit/server tests beside the code, web component tests (*.test.tsx) in a
// DOM without the database set-up, and browser end-to-end tests that need a built web app,
// Chromium and a running server (started by each e2e file for itself).
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: { '@': webSrc } },
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.ts',
            'bench/*.test.ts',
            'scripts/*.test.ts',
          ],
          environment: 'node',
          // One PostgreSQL for the run and a migrated template database (fresh copy per test file).
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: { '@': webSrc } },
        test: {
          name: 'components',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup-dom.ts'],
          // Typing through user-event is many small events; on a busy 2-core machine a form test
          // can pass 5 s without anything being wrong.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A browser on a busy 2-core machine can take seconds to show what a poll waits for; the
          // default 1 s made CI fail on load, not on behaviour.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
