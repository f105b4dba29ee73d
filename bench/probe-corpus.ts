import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CorpusManifest } from './build-corpus.ts';
import type { TriggeredProgramme } from './render-triggered-programme.ts';

/** The benchmark corpus as a probe reads it: where it lives, its manifest and triggered programme. */
export async function probeCorpus(): Promise<{
  dir: string;
  manifest: CorpusManifest;
  programme: TriggeredProgramme;
}> {
  const dir = join(dirname(fileURLToPath(import.meta.url)), 'corpus');
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as CorpusManifest;
  const programme = JSON.parse(
    await readFile(join(dir, 'triggered-mixed.json'), 'utf8'),
  ) as TriggeredProgramme;
  return { dir, manifest, programme };
}
