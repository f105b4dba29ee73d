import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/tonemark.mjs', import.meta.url));

describe('bin/tonemark.mjs', () => {
  it('runs the TypeScript CLI and exits 2 with one line for bad arguments', () => {
    const result = spawnSync(process.execPath, [bin, 'synth', '--freqs', 'x'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      "tonemark synth: --freqs: 'x' is not a number (example: 1000,1200,1500,1800) (see tonemark synth --help)",
    ]);
  });
});
