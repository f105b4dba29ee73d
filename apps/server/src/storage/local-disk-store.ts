import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeForKey } from './content-types.ts';
import {
  assertValidKey,
  type ByteRange,
  InvalidKeyError,
  type LocalCopy,
  type MediaStore,
  type StoredObject,
} from './media-store.ts';

// Half-written files carry this prefix; no valid key starts with a dot, so they are never served.
const PARTIAL_PREFIX = '.partial-';

/** DESIGN §2 default: files in one folder (DATA_DIR/media), written by rename so they appear whole. */
export class LocalDiskStore implements MediaStore {
  private constructor(readonly root: string) {}

  /** Creates the folder and removes partial files a crash may have left. */
  static async open(root: string): Promise<LocalDiskStore> {
    const resolved = path.resolve(root);
    await mkdir(resolved, { recursive: true });
    for (const name of await readdir(resolved)) {
      if (name.startsWith(PARTIAL_PREFIX)) await rm(path.join(resolved, name), { force: true });
    }
    return new LocalDiskStore(resolved);
  }

  /** The file behind a key; the containment check backs up the key pattern. */
  pathFor(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, key);
    if (path.dirname(full) !== this.root) throw new InvalidKeyError(key);
    return full;
  }

  private partialPath(key: string): string {
    return path.join(this.root, `${PARTIAL_PREFIX}${randomBytes(6).toString('hex')}-${key}`);
  }

  async put(key: string, body: Readable | Uint8Array): Promise<StoredObject> {
    const target = this.pathFor(key);
    const partial = this.partialPath(key);
    try {
      if (body instanceof Uint8Array) await writeFile(partial, body);
      else await pipeline(body, createWriteStream(partial));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return this.mustStat(key);
  }

  async putFile(key: string, filePath: string): Promise<StoredObject> {
    const target = this.pathFor(key);
    try {
      await rename(filePath, target);
    } catch (error) {
      // Another filesystem: copy under a partial name, then rename, so the move stays atomic.
      if (!(error instanceof Error && 'code' in error && error.code === 'EXDEV')) throw error;
      const partial = this.partialPath(key);
      try {
        await copyFile(filePath, partial);
        await rename(partial, target);
      } catch (copyError) {
        await rm(partial, { force: true });
        throw copyError;
      }
      await rm(filePath, { force: true });
    }
    return this.mustStat(key);
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    try {
      const info = await stat(this.pathFor(key));
      if (!info.isFile()) return undefined;
      return {
        key,
        size: info.size,
        contentType: contentTypeForKey(key),
        modifiedAt: info.mtime,
        etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      };
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
      throw error;
    }
  }

  private async mustStat(key: string): Promise<StoredObject> {
    const info = await this.stat(key);
    if (!info) throw new Error(`stored file vanished: ${key}`);
    return info;
  }

  read(key: string, range?: ByteRange): Readable {
    const file = this.pathFor(key);
    return range ? createReadStream(file, { start: range.start, end: range.end }) : createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }

  async openLocal(key: string): Promise<LocalCopy> {
    const file = this.pathFor(key);
    await stat(file);
    return { path: file, release: async () => {} };
  }
}
