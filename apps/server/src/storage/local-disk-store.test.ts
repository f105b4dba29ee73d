import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStore } from './local-disk-store.ts';
import { InvalidKeyError } from './media-store.ts';

describe('LocalDiskStore', () => {
  let dir: string;
  let store: LocalDiskStore;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tonemark-store-'));
    writeFileSync(path.join(dir, 'outside.txt'), 'secret');
    // A partial file a crash left behind is cleaned up on open.
    const root = path.join(dir, 'media');
    await LocalDiskStore.open(root);
    writeFileSync(path.join(root, '.partial-abc-x.mp3'), 'half');
    store = await LocalDiskStore.open(root);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('removes partial files left by a crash', () => {
    expect(readdirSync(store.root)).toEqual([]);
  });

  it.each([
    '../outside.txt',
    '..',
    '.',
    '',
    'a/b.mp3',
    'a\\b.mp3',
    '/etc/passwd',
    '.hidden',
    'x.mp3/',
    'a..b',
    'tm%2F..',
    'a.b.c',
    'é.mp3',
  ])('refuses the key %j', async (key) => {
    await expect(store.put(key, new Uint8Array([1]))).rejects.toThrow(InvalidKeyError);
    expect(() => store.read(key)).toThrow(InvalidKeyError);
    await expect(store.delete(key)).rejects.toThrow(InvalidKeyError);
  });

  it('puts streams and bytes, reads whole and ranged, deletes', async () => {
    const stored = await store.put(
      'tm_med_1.mp3',
      Readable.from([Buffer.from('hello '), Buffer.from('world')]),
    );
    expect(stored).toMatchObject({ key: 'tm_med_1.mp3', size: 11, contentType: 'audio/mpeg' });
    expect(await text(store.read('tm_med_1.mp3'))).toBe('hello world');
    expect(await text(store.read('tm_med_1.mp3', { start: 6, end: 10 }))).toBe('world');
    await store.put('tm_med_1.mp3', new Uint8Array(Buffer.from('replaced')));
    expect(readFileSync(store.pathFor('tm_med_1.mp3'), 'utf8')).toBe('replaced');
    await store.delete('tm_med_1.mp3');
    await store.delete('tm_med_1.mp3');
    expect(await store.stat('tm_med_1.mp3')).toBeUndefined();
  });

  it('moves a finished file in with putFile', async () => {
    const source = path.join(dir, 'finished.mp4');
    writeFileSync(source, 'video');
    expect((await store.putFile('tm_med_2.mp4', source)).contentType).toBe('video/mp4');
    expect(() => readFileSync(source)).toThrow();
  });
});
