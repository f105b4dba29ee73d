import { defineConfig } from 'vitest/config';

// The root config's unit project only covers packages/ and apps/; until bench/ is added there,
// run these with: npx vitest run --config bench/vitest.config.ts
export default defineConfig({
  // Keep vite's cache in the root node_modules rather than creating bench/node_modules.
  cacheDir: '../node_modules/.vite-bench',
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    environment: 'node',
  },
});
