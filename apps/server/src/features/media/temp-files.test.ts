import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TempFiles } from './temp-files.ts';

describe('temporary folders', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'tonemark-temp-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const runFolder = (name: string, owner: { host: string; pid: number }) => {
    const dir = path.join(root, name);
    mkdirSync(dir);
    writeFileSync(path.join(dir, '.owner'), JSON.stringify(owner));
    writeFileSync(path.join(dir, 'render-x.wav'), 'partial');
    return dir;
  };

  it("sweeps dead processes' folders at start-up and never a live one's", async () => {
    const first = await TempFiles.open(root, 'first');
    const working = first.newPath('render', '.wav');
    writeFileSync(working, 'a running job');
    // A pid far above pid_max: no process can have it.
    const dead = runFolder('run-dead', { host: hostname(), pid: 99_999_999 });
    const elsewhere = runFolder('run-elsewhere', { host: 'another-host', pid: 1 });
    writeFileSync(path.join(root, 'upload-old-layout'), 'x');

    const second = await TempFiles.open(root, 'second');
    expect(existsSync(working)).toBe(true);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(elsewhere)).toBe(true);
    expect(existsSync(path.join(root, 'upload-old-layout'))).toBe(false);
    expect(path.dirname(second.newPath('x'))).not.toBe(path.dirname(working));
    expect(readdirSync(root).sort()).toEqual(['run-elsewhere', 'run-first', 'run-second']);
  });
});
