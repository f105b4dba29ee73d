import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations
import { staleReason } from './start.mjs';

describe('npm start: build only when stale', () => {
  const base = mkdtempSync(path.join(tmpdir(), 'tonemark-start-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));
  const write = (file: string, when: number) => {
    mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
    writeFileSync(path.join(base, file), 'x');
    // The file and the folders above it, as an editor saving a new file would leave them.
    for (let at = file; at !== '.'; at = path.dirname(at)) utimesSync(path.join(base, at), when, when);
  };

  it('builds when there is no build, skips when the build is newer, builds after an edit', () => {
    write('apps/web/src/main.tsx', 1000);
    expect(staleReason(base)).toBe('no build yet');
    write('apps/web/dist/.vite/manifest.json', 2000);
    expect(staleReason(base)).toBe('no SDK build yet');
    write('packages/sdk/dist/tonemark.js', 2000);
    expect(staleReason(base)).toBeUndefined();
    write('packages/shared/src/triggers.ts', 3000);
    expect(staleReason(base)).toBe('packages/shared/src changed since the last build');
    write('apps/web/dist/.vite/manifest.json', 4000);
    write('packages/sdk/src/client.ts', 5000);
    expect(staleReason(base)).toBe('packages/sdk/src changed since the last build');
  });
});
