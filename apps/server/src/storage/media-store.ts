import type { Readable } from 'node:stream';

/** What the store knows about one stored file. */
export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  modifiedAt: Date;
  /** Changes whenever the content may have changed (a trigger's tone is re-rendered in place). */
  etag: string;
}

/** Inclusive byte range, already checked against the object's size. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A file on local disk that ffmpeg can open; `release` removes it if it was a temporary copy. */
export interface LocalCopy {
  path: string;
  release(): Promise<void>;
}

/**
 * Where media and trigger tones live (DESIGN §2): the local disk by default, S3-compatible
 * storage or Cloudinary in production. Callers only ever name files by key.
 */
export interface MediaStore {
  /** Stores a body under `key`; readers never see a half-written file. */
  put(key: string, body: Readable | Uint8Array): Promise<StoredObject>;
  /** Moves a finished local file into the store (on local disk, a rename). */
  putFile(key: string, filePath: string): Promise<StoredObject>;
  stat(key: string): Promise<StoredObject | undefined>;
  read(key: string, range?: ByteRange): Readable;
  /** Removes a file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** A path ffmpeg can read the file from. */
  openLocal(key: string): Promise<LocalCopy>;
}

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`invalid media key: ${JSON.stringify(key).slice(0, 80)}`);
    this.name = 'InvalidKeyError';
  }
}

// One flat namespace: a name and at most one extension, no separators, no dot-files. Nothing a
// key can spell resolves outside the store's folder, whatever the backend.
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,150}(\.[A-Za-z0-9]{1,10})?$/;

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new InvalidKeyError(key);
}
