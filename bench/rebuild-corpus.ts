/**
 * npx tsx bench/rebuild-corpus.ts --out DIR [--verify REF_DIR]
 * npx tsx bench/rebuild-corpus.ts --check DIR
 *
 * --out: builds the benchmark corpus (the two programmes and the default trigger set's mixed
 * programme) into DIR, a directory that holds no corpus yet, so the shared bench/corpus is never
 * touched. Its manifest records the sha256 of every file and the ffmpeg and Node that built it.
 * --verify: then compares DIR's files with REF_DIR's (REF_DIR's manifest hashes, or its files
 * hashed now for a corpus built before hashes were recorded) and says whether the build
 * reproduced it; exits 1 when a file differs.
 * --check: rehashes DIR's files against its own manifest (a file changed or cut short since).
 * Run it niced (nice -n 10): it decodes about 100 minutes of audio with ffmpeg.
 */
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type CorpusManifest, ensureCorpus, ffmpegVersion } from './build-corpus.ts';
import { exitOnHelp } from './cli-help.ts';
import { compareHashes, type HashDifference, hashFiles } from './corpus-hashes.ts';
import { BENCH_SEED } from './corpus-split.ts';
import { DEFAULT_PROGRAMME, ensureTriggeredProgramme } from './render-triggered-programme.ts';
import { generateTriggerSet } from './trigger-set.ts';

exitOnHelp(import.meta.url);

// The benchmark's default trigger set (audio-bench.ts): the mixed programme every run scores.
const TRIGGER_COUNT = 24;

const { values } = parseArgs({
  options: { out: { type: 'string' }, verify: { type: 'string' }, check: { type: 'string' } },
});

const log = (line: string) => console.log(line);

/** Every file of a built corpus with its hash: the manifest's two programmes, the mixed one. */
async function corpusHashes(dir: string): Promise<Record<string, string>> {
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Partial<CorpusManifest>;
  const mixed = JSON.parse(await readFile(join(dir, `${DEFAULT_PROGRAMME}.json`), 'utf8')) as {
    file: string;
    sha256?: string;
  };
  const recorded = manifest.files;
  const programmes =
    recorded ?? (await hashFiles(dir, [manifest.triggered?.file ?? '', manifest.quiet?.file ?? '']));
  return {
    ...programmes,
    [mixed.file]: mixed.sha256 ?? (await hashFiles(dir, [mixed.file]))[mixed.file] ?? '',
  };
}

function report(differences: HashDifference[], what: string, same: string, differs: string): void {
  if (differences.length === 0) {
    log(`${what}: ${same}, every file identical to the byte`);
    return;
  }
  log(`${what}: ${differs}`);
  for (const d of differences)
    log(
      `  ${d.file}: ${d.expected?.slice(0, 16) ?? 'missing'} expected, ${d.actual?.slice(0, 16) ?? 'missing'} found`,
    );
  process.exitCode = 1;
}

async function build(dir: string): Promise<void> {
  const exists = await access(join(dir, 'manifest.json')).then(
    () => true,
    () => false,
  );
  if (exists) throw new Error(`${dir} already holds a corpus; give an empty or new directory`);
  const started = Date.now();
  log(`building into ${dir} with ${ffmpegVersion()}, Node ${process.version}`);
  const manifest = await ensureCorpus(dir, log);
  await ensureTriggeredProgramme(
    dir,
    manifest,
    generateTriggerSet(TRIGGER_COUNT, BENCH_SEED),
    BENCH_SEED,
    log,
  );
  log(`built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function main(): Promise<void> {
  if (values.check !== undefined) {
    const dir = values.check;
    const manifest = JSON.parse(
      await readFile(join(dir, 'manifest.json'), 'utf8'),
    ) as Partial<CorpusManifest>;
    if (manifest.files === undefined)
      throw new Error(`${dir}'s manifest records no hashes (built before they were)`);
    const expected = await corpusHashes(dir);
    const actual = await hashFiles(dir, Object.keys(expected));
    report(
      compareHashes(expected, actual),
      `${dir} against its manifest`,
      'intact',
      'CHANGED since it was built',
    );
    return;
  }
  if (values.out === undefined) throw new Error('give --out DIR (or --check DIR); --help says more');
  await build(values.out);
  if (values.verify === undefined) return;
  const reference = await corpusHashes(values.verify);
  const differences = compareHashes(reference, await corpusHashes(values.out));
  report(differences, `${values.out} against ${values.verify}`, 'reproduced', 'NOT reproduced');
}

await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
