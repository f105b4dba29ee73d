import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** sha256 of a file's bytes, streamed (the corpus files are hundreds of MB). */
export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 22 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Each named file's sha256, by name, in the order given. */
export async function hashFiles(dir: string, names: readonly string[]): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const name of names) hashes[name] = await hashFile(`${dir}/${name}`);
  return hashes;
}

export interface HashDifference {
  file: string;
  expected: string | undefined;
  actual: string | undefined;
}

/** Files whose hash differs, or that one side lacks; empty when the two builds are the same. */
export function compareHashes(
  expected: Record<string, string>,
  actual: Record<string, string>,
): HashDifference[] {
  const files = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return files
    .filter((file) => expected[file] !== actual[file])
    .map((file) => ({ file, expected: expected[file], actual: actual[file] }));
}
