import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Scratch files of uploads, downloads and ffmpeg outputs, in DATA_DIR/tmp: the same filesystem
 * as DATA_DIR/media, so a finished file moves into the store by rename. Every name is random
 * and every caller removes its own files; the folder is emptied at start-up after a crash.
 */
export class TempFiles {
  private constructor(readonly dir: string) {}

  static async open(dir: string): Promise<TempFiles> {
    const resolved = path.resolve(dir);
    await mkdir(resolved, { recursive: true });
    for (const name of await readdir(resolved))
      await rm(path.join(resolved, name), { recursive: true, force: true });
    return new TempFiles(resolved);
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
