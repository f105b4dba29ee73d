import { createHash } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { embedTrigger, synthesizeTrigger, type TriggerSpec } from '@tonemark/audio';
import type { CorpusClip, CorpusManifest } from './build-corpus.ts';
import { hashFile } from './corpus-hashes.ts';
import { BENCH_SEED } from './corpus-split.ts';
import { F32Writer, readF32 } from './f32-files.ts';
import { PullSource } from './pull-source.ts';
import { planTriggerEvents, SCHEDULE, type TriggerEvent } from './trigger-schedule.ts';
import { isOtherSet, type TriggerSetRecipe } from './trigger-set.ts';

/** The triggered programme with the benchmark's own trigger set. */
export const DEFAULT_PROGRAMME = 'triggered-mixed';

/** The triggered programme's cache name: another trigger set (audio-bench's `--trigger-seed`,
 * `--min-tone-hz`, `--suggest-gap`) keeps its own beside the default; the trace tools read it by the same name. */
export function programmeNameOf(flags: TriggerSetRecipe): string {
  if (!isOtherSet(flags)) return DEFAULT_PROGRAMME;
  const from = flags.minToneHz === undefined ? '' : `-from${flags.minToneHz}`;
  const gap = flags.suggestGap === true ? '-gap' : '';
  return `${DEFAULT_PROGRAMME}-t${flags.triggerSeed ?? BENCH_SEED}${from}${gap}`;
}

export interface TriggeredProgramme {
  key: string;
  file: string;
  samples: number;
  triggers: TriggerSpec[];
  events: TriggerEvent[];
  /** The programme's clips with RMS measured after mixing (noise levels are set from these). */
  clips: CorpusClip[];
  /** sha256 of the file, so a rebuild can say whether it reproduced this one. */
  sha256: string;
}

function scheduleKey(manifest: CorpusManifest, triggers: TriggerSpec[], seed: number): string {
  return createHash('sha256')
    .update(JSON.stringify({ corpus: manifest.configHash, triggers, seed, SCHEDULE }))
    .digest('hex')
    .slice(0, 16);
}

function rmsOf(samples: Float32Array): number {
  let energy = 0;
  for (const v of samples) energy += v * v;
  return Math.sqrt(energy / Math.max(1, samples.length));
}

/**
 * Embeds the trigger set into the triggered programme at the SPEC level (the engine's own
 * embedTrigger: 85 % programme, 15 % trigger). Each 8 s slot is mixed on its own, so whatever
 * embedTrigger does to the programme outside the tone applies evenly to the whole programme.
 */
export async function ensureTriggeredProgramme(
  dir: string,
  manifest: CorpusManifest,
  triggers: TriggerSpec[],
  seed: number,
  log: (line: string) => void,
  /** Cache name: another trigger set (`--trigger-seed`) keeps its own, beside the default one. */
  name = DEFAULT_PROGRAMME,
): Promise<TriggeredProgramme> {
  const key = scheduleKey(manifest, triggers, seed);
  const metaPath = join(dir, `${name}.json`);
  try {
    const cached = JSON.parse(await readFile(metaPath, 'utf8')) as TriggeredProgramme;
    if (cached.key === key) return cached;
  } catch {
    // not built yet
  }
  log('embedding triggers into the triggered programme');
  const rate = manifest.sampleRate;
  const tones = new Map(
    triggers.map((t) => [
      t.id,
      synthesizeTrigger({
        frequencies: t.frequencyPattern,
        sampleRate: rate,
        ...(t.durationMs ? { durationMs: t.durationMs } : {}),
      }),
    ]),
  );
  const toneLength = tones.values().next().value?.length ?? 0;
  const events = planTriggerEvents(manifest.triggered.samples, rate, triggers, toneLength, seed);
  const source = new PullSource(readF32(join(dir, manifest.triggered.file)));
  const file = `${name}.f32`;
  // Written under another name and renamed when whole (as the corpus is): a run reading the old
  // programme meanwhile keeps its open file, and the JSON never names a half-written one.
  const partial = join(dir, `.${file}.${process.pid}`);
  const writer = await F32Writer.create(partial);
  const slot = SCHEDULE.slotSec * rate;
  const clipEnergy = manifest.triggered.clips.map(() => 0);
  for (const event of events) {
    const slotStart = writer.samplesWritten;
    const segment = await source.take(slot);
    const tone = tones.get(event.triggerId) as Float32Array;
    const mixed = embedTrigger(segment, tone, event.startSample - slotStart);
    manifest.triggered.clips.forEach((clip, i) => {
      const from = Math.max(clip.start, slotStart) - slotStart;
      const to = Math.min(clip.start + clip.length, slotStart + mixed.length) - slotStart;
      for (let j = from; j < to; j++) clipEnergy[i] = (clipEnergy[i] as number) + (mixed[j] as number) ** 2;
    });
    await writer.write(mixed);
  }
  const rest = await source.take(manifest.triggered.samples - writer.samplesWritten);
  await writer.write(rest);
  await source.close();
  await writer.close();
  const clips = manifest.triggered.clips.map((clip, i) => ({
    ...clip,
    rms: Math.sqrt((clipEnergy[i] as number) / clip.length),
  }));
  if (rest.length > 0)
    log(`  ${rest.length} trailing samples without a slot (rms ${rmsOf(rest).toFixed(3)})`);
  const programme: TriggeredProgramme = {
    key,
    file,
    samples: writer.samplesWritten,
    triggers,
    events,
    clips,
    sha256: await hashFile(partial),
  };
  await rename(partial, join(dir, file));
  await writeFile(`${metaPath}.${process.pid}`, `${JSON.stringify(programme)}\n`);
  await rename(`${metaPath}.${process.pid}`, metaPath);
  return programme;
}
