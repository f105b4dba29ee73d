import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { isProcessAlive } from '../../lib/process-alive.ts';

const OWNER_FILE = '.owner';
/** A run folder whose owner cannot be checked (another host) is removed only when this old. */
const FOREIGN_STALE_MS = 24 * 3_600_000;

interface Owner {
  host: string;
  pid: number;
}

async function readOwner(dir: string): Promise<Owner | undefined> {
  try {
    const owner = JSON.parse(await readFile(path.join(dir, OWNER_FILE), 'utf8')) as Partial<Owner>;
    return typeof owner.host === 'string' && typeof owner.pid === 'number'
      ? { host: owner.host, pid: owner.pid }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Removes what crashed processes left in DATA_DIR/tmp, and only that: a run folder is removed
 * when its owner (same host) is no longer alive, or, for another host's folder, after a day.
 * A running job of another instance sharing DATA_DIR keeps its files. Loose files are from the
 * earlier flat layout, which had no owner.
 */
async function sweepAbandoned(root: string): Promise<void> {
  for (const name of await readdir(root)) {
    const entry = path.join(root, name);
    const info = await stat(entry).catch(() => undefined);
    if (!info) continue;
    if (!info.isDirectory() || !name.startsWith('run-')) {
      await rm(entry, { recursive: true, force: true });
      continue;
    }
    const owner = await readOwner(entry);
    const abandoned =
      owner && owner.host === hostname()
        ? !isProcessAlive(owner.pid)
        : Date.now() - info.mtimeMs > FOREIGN_STALE_MS;
    if (abandoned) await rm(entry, { recursive: true, force: true });
  }
}

/**
 * Scratch files of uploads, downloads and ffmpeg outputs, in a folder of this process's own
 * under DATA_DIR/tmp (the same filesystem as DATA_DIR/media, so a finished file moves into the
 * store by rename). Every name is random and every caller removes its own files; folders of
 * processes that died are swept at start-up. ffmpeg dies with the server (the watchdog in
 * @tonemark/ffmpeg), so nothing writes into a folder once it is swept.
 */
export class TempFiles {
  private constructor(readonly dir: string) {}

  static async open(root: string, worker = `${hostname()}-${process.pid}`): Promise<TempFiles> {
    const resolved = path.resolve(root);
    await mkdir(resolved, { recursive: true });
    await sweepAbandoned(resolved);
    const dir = path.join(resolved, `run-${worker.replace(/[^A-Za-z0-9_.-]/g, '_')}`);
    await mkdir(dir, { recursive: true });
    const owner: Owner = { host: hostname(), pid: process.pid };
    await writeFile(path.join(dir, OWNER_FILE), JSON.stringify(owner));
    return new TempFiles(dir);
  }

  /** A fresh path; `extension` (with its dot) matters to ffmpeg, which picks the muxer from it. */
  newPath(label: string, extension = ''): string {
    return path.join(
      this.dir,
      `${label}-${Date.now().toString(36)}-${randomBytes(6).toString('hex')}${extension}`,
    );
  }

  async remove(...files: (string | undefined)[]): Promise<void> {
    await Promise.all(files.map((file) => (file ? rm(file, { force: true }) : undefined)));
  }
}
