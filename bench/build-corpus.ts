import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { decodeAudio, decodeAudioChunks, locateTool } from '@tonemark/ffmpeg';
import { hashFiles } from './corpus-hashes.ts';
import { CORPUS_PACKAGES, type SourceKind } from './corpus-sources.ts';
import { F32Writer, readF32 } from './f32-files.ts';
import { PullSource } from './pull-source.ts';
import { SeededRandom } from './seeded-random.ts';
import { ensurePackages, installedFiles } from './system-packages.ts';

export const CORPUS_SAMPLE_RATE = 44_100;

/** Everything that shapes the corpus; a change here rebuilds the cache. */
export const CORPUS_CONFIG = {
  seed: 0x70e3a4,
  clipSec: 45,
  triggeredSec: 24 * 60,
  quietSec: 64 * 60,
  // Broadcast-like level: every clip is brought to -20 dBFS RMS (peaks kept below 0.99), so the
  // 15 % trigger sits at a realistic level against each programme.
  targetRmsDb: -20,
  speechGapSec: [0.15, 0.6] as [number, number],
  // Bumped when the way sources are decoded changes, so caches rebuild. 4: ffmpeg's plain C code
  // (DETERMINISTIC_DECODE), so the bytes no longer depend on the host CPU's vector units.
  decoderRevision: 4,
} as const;

/**
 * ffmpeg picks SIMD code (SSE, AVX, FMA3) for the CPU it runs on, and its resampler's FMA3 and
 * AVX paths round differently from each other and from the C code: the 16 kHz speech resampled to
 * 44.1 kHz came out different on hosts with different vector units, which moved marginal events
 * (docs/decisions/bench-corpus-reproducible.md). With every CPU flag off, ffmpeg runs its C code,
 * the same on every x86-64 host.
 */
const DETERMINISTIC_DECODE = ['-cpuflags', '0'] as const;

export interface CorpusClip {
  kind: SourceKind;
  start: number;
  length: number;
  rms: number;
}

export interface ProgrammeInfo {
  file: string;
  samples: number;
  clips: CorpusClip[];
}

export interface CorpusManifest {
  configHash: string;
  sampleRate: number;
  packages: {
    pkg: string;
    kind: SourceKind;
    files: number;
    licence: string;
    credit: string;
    version: string;
  }[];
  speechSec: number;
  musicSec: number;
  triggered: ProgrammeInfo;
  quiet: ProgrammeInfo;
  /** What built it: another ffmpeg or Node may decode or round differently. */
  tools: { ffmpeg: string; node: string };
  /** sha256 of each programme file, so a rebuild can say whether it reproduced this one. */
  files: Record<string, string>;
}

type Log = (line: string) => void;

function configHash(): string {
  const text = JSON.stringify({
    CORPUS_CONFIG,
    CORPUS_PACKAGES: CORPUS_PACKAGES.map((p) => ({ ...p, filePattern: String(p.filePattern) })),
  });
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

export function ffmpegVersion(): string {
  const out = spawnSync(locateTool('ffmpeg').path, ['-version'], { encoding: 'utf8' }).stdout ?? '';
  return (out.split('\n')[0] ?? 'ffmpeg').replace(/ Copyright.*$/, '');
}

function packageVersion(pkg: string): string {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a dpkg-query format, not a JS template
  return spawnSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8' }).stdout.trim();
}

async function mapInOrder<T, R>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T) => Promise<R>,
  each: (r: R, item: T) => Promise<void>,
) {
  for (let i = 0; i < items.length; i += concurrency) {
    const batch = items.slice(i, i + concurrency);
    const results = await Promise.all(batch.map(fn));
    for (let j = 0; j < batch.length; j++) await each(results[j] as R, batch[j] as T);
  }
}

/** All speech prompts, shuffled (English and French interleaved), joined with short pauses. */
async function buildSpeechPool(
  files: string[],
  formats: Map<string, string>,
  out: string,
  rng: SeededRandom,
  log: Log,
) {
  const writer = await F32Writer.create(out);
  let done = 0;
  await mapInOrder(
    rng.shuffle(files),
    4,
    async (file) => {
      const format = formats.get(file);
      return decodeAudio(file, {
        layout: 'mono',
        sampleRate: CORPUS_SAMPLE_RATE,
        inputArgs: DETERMINISTIC_DECODE,
        ...(format ? { inputFormat: format } : {}),
      });
    },
    async (decoded) => {
      const samples = decoded.channels[0] as Float32Array;
      const replaced = replaceNonFinite(samples);
      if (replaced > 0) log(`  speech: ${replaced} non-finite samples silenced`);
      await writer.write(samples);
      const [lo, hi] = CORPUS_CONFIG.speechGapSec;
      await writer.write(new Float32Array(Math.round(rng.between(lo, hi) * CORPUS_SAMPLE_RATE)));
      if (++done % 200 === 0) log(`  speech: ${done}/${files.length} prompts decoded`);
    },
  );
  await writer.close();
  return writer.samplesWritten;
}

/**
 * A guard, not a known problem of these sources: one NaN would turn a whole normalised clip into
 * NaN (and crash LAME), so any non-finite sample becomes silence and is reported.
 */
function replaceNonFinite(samples: Float32Array): number {
  let replaced = 0;
  for (let i = 0; i < samples.length; i++) {
    if (!Number.isFinite(samples[i] as number)) {
      samples[i] = 0;
      replaced++;
    }
  }
  return replaced;
}

/** Music tracks in a seeded order, decoded until `neededSamples` are on disk. */
async function buildMusicPool(
  files: string[],
  out: string,
  neededSamples: number,
  rng: SeededRandom,
  log: Log,
) {
  const writer = await F32Writer.create(out);
  for (const file of rng.shuffle(files)) {
    if (writer.samplesWritten >= neededSamples) break;
    for await (const [plane] of decodeAudioChunks(file, {
      layout: 'mono',
      sampleRate: CORPUS_SAMPLE_RATE,
      inputArgs: DETERMINISTIC_DECODE,
    })) {
      if (plane !== undefined) await writer.write(plane);
    }
    log(
      `  music: ${basename(file)} (${(writer.samplesWritten / CORPUS_SAMPLE_RATE / 60).toFixed(1)} min so far)`,
    );
  }
  await writer.close();
  return writer.samplesWritten;
}

function normalise(clip: Float32Array): number {
  let energy = 0;
  let peak = 0;
  for (const v of clip) {
    energy += v * v;
    peak = Math.max(peak, Math.abs(v));
  }
  const rms = Math.sqrt(energy / Math.max(1, clip.length));
  if (rms === 0) return 0;
  const gain = Math.min(10 ** (CORPUS_CONFIG.targetRmsDb / 20) / rms, 0.99 / peak);
  for (let i = 0; i < clip.length; i++) clip[i] = (clip[i] as number) * gain;
  return rms * gain;
}

/** Alternates speech and music clips so every prefix (e.g. --quick) holds both. */
async function writeProgramme(
  path: string,
  seconds: number,
  speech: PullSource,
  music: PullSource,
): Promise<ProgrammeInfo> {
  const total = Math.round(seconds * CORPUS_SAMPLE_RATE);
  const clipLength = CORPUS_CONFIG.clipSec * CORPUS_SAMPLE_RATE;
  const writer = await F32Writer.create(path);
  const clips: CorpusClip[] = [];
  let kind: SourceKind = 'speech';
  while (writer.samplesWritten < total) {
    const want = Math.min(clipLength, total - writer.samplesWritten);
    const clip = await (kind === 'speech' ? speech : music).take(want);
    if (clip.length < want) throw new Error(`ran out of ${kind} material while building ${basename(path)}`);
    const rms = normalise(clip);
    clips.push({ kind, start: writer.samplesWritten, length: clip.length, rms });
    await writer.write(clip);
    kind = kind === 'speech' ? 'music' : 'speech';
  }
  await writer.close();
  return { file: basename(path), samples: writer.samplesWritten, clips };
}

export async function loadCorpusManifest(dir: string): Promise<CorpusManifest | undefined> {
  try {
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as CorpusManifest;
    return manifest.configHash === configHash() ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Makes sure `dir` (bench/corpus for the benchmark) holds the decoded corpus: two programmes of
 * alternating speech and music clips (one to embed triggers into, one kept trigger-free), built
 * from disjoint material.
 */
export async function ensureCorpus(dir: string, log: Log): Promise<CorpusManifest> {
  const cached = await loadCorpusManifest(dir);
  if (cached !== undefined) return cached;
  log(`building the benchmark corpus into ${dir} (once; cached there)`);
  // Debian's ffmpeg decodes too: the npm package's static build (what locateTool falls back to)
  // is another ffmpeg, and its bytes differ (2026-12-02: triggered-clean cb5e9494... against
  // revision 4's 11bdf9d4...), so a fresh machine would benchmark on another corpus.
  ensurePackages([...CORPUS_PACKAGES.map((p) => p.pkg), 'ffmpeg'], log);
  const decoder = locateTool('ffmpeg');
  if (decoder.source !== 'system' || decoder.path !== '/usr/bin/ffmpeg') {
    log(
      `note: decoding with ${decoder.path} (${decoder.source}), not Debian's /usr/bin/ffmpeg: the corpus bytes will differ from the recorded revision`,
    );
  }
  await mkdir(dir, { recursive: true });
  // Built aside, then moved into place: a benchmark reading the old corpus meanwhile keeps the
  // files it opened instead of seeing them truncated, and no manifest names a half-written file.
  const work = await mkdtemp(join(dir, '.building-'));
  try {
    const manifest = await buildCorpus(work, log);
    for (const file of Object.keys(manifest.files)) await rename(join(work, file), join(dir, file));
    await rename(join(work, 'manifest.json'), join(dir, 'manifest.json'));
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Decodes the packages' recordings into `dir`: the two programmes and their manifest. */
async function buildCorpus(dir: string, log: Log): Promise<CorpusManifest> {
  const rng = new SeededRandom(CORPUS_CONFIG.seed);
  const speechFiles: string[] = [];
  const musicFiles: string[] = [];
  const formats = new Map<string, string>();
  const packages: CorpusManifest['packages'] = [];
  for (const source of CORPUS_PACKAGES) {
    const files = installedFiles(source.pkg)
      .filter((f) => source.filePattern.test(f))
      .sort();
    if (files.length === 0) throw new Error(`${source.pkg} is installed but has no matching audio files`);
    for (const f of files) if (source.inputFormat !== undefined) formats.set(f, source.inputFormat);
    (source.kind === 'speech' ? speechFiles : musicFiles).push(...files);
    const { pkg, kind, licence, credit } = source;
    packages.push({ pkg, kind, files: files.length, licence, credit, version: packageVersion(pkg) });
  }

  const speechPath = join(dir, 'pool-speech.f32');
  const musicPath = join(dir, 'pool-music.f32');
  log(`decoding ${speechFiles.length} speech prompts`);
  const speechSamples = await buildSpeechPool(speechFiles, formats, speechPath, rng, log);
  const musicNeeded = Math.ceil(
    ((CORPUS_CONFIG.triggeredSec + CORPUS_CONFIG.quietSec) / 2 + 120) * CORPUS_SAMPLE_RATE,
  );
  log(`decoding music (${(musicNeeded / CORPUS_SAMPLE_RATE / 60).toFixed(0)} min needed)`);
  const musicSamples = await buildMusicPool(musicFiles, musicPath, musicNeeded, rng, log);

  const speech = new PullSource(readF32(speechPath));
  const music = new PullSource(readF32(musicPath));
  log('writing programmes');
  const triggered = await writeProgramme(
    join(dir, 'triggered-clean.f32'),
    CORPUS_CONFIG.triggeredSec,
    speech,
    music,
  );
  const quiet = await writeProgramme(join(dir, 'quiet.f32'), CORPUS_CONFIG.quietSec, speech, music);
  await speech.close();
  await music.close();
  await rm(speechPath);
  await rm(musicPath);

  const manifest: CorpusManifest = {
    configHash: configHash(),
    sampleRate: CORPUS_SAMPLE_RATE,
    packages,
    speechSec: speechSamples / CORPUS_SAMPLE_RATE,
    musicSec: musicSamples / CORPUS_SAMPLE_RATE,
    triggered,
    quiet,
    tools: { ffmpeg: ffmpegVersion(), node: process.version },
    files: await hashFiles(dir, [triggered.file, quiet.file]),
  };
  await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
