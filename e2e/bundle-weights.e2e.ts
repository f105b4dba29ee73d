import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../apps/web/scripts/bundle-weights.mjs', import.meta.url));

// Issue 12: the built app's JavaScript weights, printed, with the listener and dashboard budgets
// enforced (the script exits 1 over budget; `npm run build` runs it too).
describe('bundle weights of the built web app', () => {
  it('prints each visit and keeps the listener and dashboard within budget', () => {
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    console.log(run.stdout);
    expect(run.stderr).not.toContain('Over budget');
    expect(run.status).toBe(0);
    for (const visit of ['listener (/listener)', 'dashboard signed in (/admin)'])
      expect(run.stdout).toMatch(new RegExp(`${visit.replace(/[()/]/g, '\\$&')}\\s+[0-9.]+ kB .*within`));
  });
});
