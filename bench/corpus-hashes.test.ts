import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compareHashes, hashFile, hashFiles } from './corpus-hashes.ts';

const dir = await mkdtemp(join(tmpdir(), 'corpus-hashes-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('corpus hashes', () => {
  it('hashes a file by its bytes', async () => {
    await writeFile(join(dir, 'a.f32'), 'abc');
    expect(await hashFile(join(dir, 'a.f32'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('names each file that differs or is missing on one side', async () => {
    await writeFile(join(dir, 'b.f32'), 'abd');
    const built = await hashFiles(dir, ['a.f32', 'b.f32']);
    expect(compareHashes(built, built)).toEqual([]);
    const other = { 'a.f32': built['a.f32'] as string, 'c.f32': 'x' };
    expect(compareHashes(built, other).map((d) => d.file)).toEqual(['b.f32', 'c.f32']);
  });
});
