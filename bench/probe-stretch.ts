import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CorpusManifest } from './build-corpus.ts';
import { type ConditionId, conditionedChunks, conditionSpec } from './channel-conditions.ts';
import { BENCH_SEED, splitSeed, TUNE_QUIET_SEC, TUNE_TRIGGERED_SEC } from './corpus-split.ts';
import { programmeNameOf, type TriggeredProgramme } from './render-triggered-programme.ts';
import { triggerSetOf } from './trigger-set.ts';
import { type TriggerSetValues, triggerSetRecipeOf } from './trigger-set-flags.ts';

/** The stretch a probe reads, as the benchmark conditions it: the split's triggered programme
 * (`which` 'triggered', with its schedule) or trigger-free audio, from `from` seconds (as the
 * detector hears them) for `sec` seconds, and the trigger set the flags name (`triggers`). */
export async function probeStretch(
  /** The probe's own options, as parsed. */
  args: TriggerSetValues & {
    condition: string;
    which: string;
    split: string;
    sec?: string;
    from: string;
  },
  /** Seconds read on the held-out split when `sec` is not given. */
  heldoutSec: number,
) {
  const corpusDir = join(import.meta.dirname, 'corpus');
  const manifest = JSON.parse(await readFile(join(corpusDir, 'manifest.json'), 'utf8')) as CorpusManifest;
  const recipe = triggerSetRecipeOf(args);
  const triggered = args.which === 'triggered';
  // A triggered stretch is the set's own programme, by audio-bench's name for it (rendered by its
  // first run with the same flags); trigger-free audio is the same for every set, which is drawn as
  // the benchmark draws it, so it needs no programme of its own.
  const programme = triggered
    ? (JSON.parse(
        await readFile(join(corpusDir, `${programmeNameOf(recipe)}.json`), 'utf8'),
      ) as TriggeredProgramme)
    : undefined;
  const triggers = programme?.triggers ?? triggerSetOf(recipe, 24, BENCH_SEED);
  const spec = conditionSpec(args.condition);
  const heldout = args.split === 'heldout';
  const seed = splitSeed(heldout ? 'heldout' : 'tune');
  const rate = manifest.sampleRate;
  const factor = spec.timeFactor ?? 1;
  const skipSec = Number(args.from);
  const fromSample = Math.round(
    ((heldout ? (triggered ? TUNE_TRIGGERED_SEC : TUNE_QUIET_SEC) : 0) + skipSec * factor) * rate,
  );
  const total = programme ? programme.samples : manifest.quiet.clips.reduce((s, c) => s + c.length, 0);
  const sec = Number(args.sec ?? (heldout ? heldoutSec : triggered ? TUNE_TRIGGERED_SEC : TUNE_QUIET_SEC));
  const samples = Math.min(Math.round(sec * factor * rate), total - fromSample);
  const events = programme
    ? programme.events
        .filter((e) => e.startSample >= fromSample && e.endSample <= fromSample + samples)
        .map((e) => ({
          id: String(e.triggerId),
          startSec: skipSec + (e.startSec - fromSample / rate) / factor,
          endSec: skipSec + (e.endSec - fromSample / rate) / factor,
        }))
    : [];
  // The benchmark conditions the triggered programme with the split's seed, the trigger-free one
  // with the next (run-condition.ts).
  const chunks = () =>
    conditionedChunks(
      spec.id as ConditionId,
      {
        path: join(corpusDir, programme ? programme.file : manifest.quiet.file),
        startSample: fromSample,
        samples,
        sampleRate: rate,
        clips: programme ? programme.clips : manifest.quiet.clips,
      },
      {
        tmpDir: join(corpusDir, 'tmp'),
        seed: triggered ? seed : seed + 1,
        noise: { path: join(corpusDir, manifest.quiet.file), clips: manifest.quiet.clips },
      },
    );
  return { triggers, spec, seed, skipSec, triggered, events, chunks };
}
