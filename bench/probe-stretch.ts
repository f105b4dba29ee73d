import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CorpusManifest } from './build-corpus.ts';
import { type ConditionId, conditionedChunks, conditionSpec } from './channel-conditions.ts';
import { splitSeed, TUNE_QUIET_SEC, TUNE_TRIGGERED_SEC } from './corpus-split.ts';
import { programmeNameOf, type TriggeredProgramme } from './render-triggered-programme.ts';
import { triggerSetRecipeOf } from './trigger-set-flags.ts';

/** The stretch a probe reads, as the benchmark conditions it: the split's triggered programme
 * (`which` 'triggered', with its schedule) or trigger-free audio, from `from` seconds (as the
 * detector hears them) for `sec` seconds. */
export async function probeStretch(
  /** The probe's own options, as parsed. */
  args: {
    condition: string;
    which: string;
    split: string;
    sec?: string;
    from: string;
    'trigger-seed'?: string;
    'min-tone-hz'?: string;
    'suggest-gap'?: boolean;
  },
  /** Seconds read on the held-out split when `sec` is not given. */
  heldoutSec: number,
) {
  const corpusDir = join(import.meta.dirname, 'corpus');
  const manifest = JSON.parse(await readFile(join(corpusDir, 'manifest.json'), 'utf8')) as CorpusManifest;
  // Another trigger set's programme by audio-bench's own name for it (trigger-set-flags.ts).
  const name = programmeNameOf(triggerSetRecipeOf(args));
  const programme = JSON.parse(await readFile(join(corpusDir, `${name}.json`), 'utf8')) as TriggeredProgramme;
  const spec = conditionSpec(args.condition);
  const heldout = args.split === 'heldout';
  const seed = splitSeed(heldout ? 'heldout' : 'tune');
  const rate = manifest.sampleRate;
  const factor = spec.timeFactor ?? 1;
  const triggered = args.which === 'triggered';
  const skipSec = Number(args.from);
  const fromSample = Math.round(
    ((heldout ? (triggered ? TUNE_TRIGGERED_SEC : TUNE_QUIET_SEC) : 0) + skipSec * factor) * rate,
  );
  const total = triggered ? programme.samples : manifest.quiet.clips.reduce((s, c) => s + c.length, 0);
  const sec = Number(args.sec ?? (heldout ? heldoutSec : triggered ? TUNE_TRIGGERED_SEC : TUNE_QUIET_SEC));
  const samples = Math.min(Math.round(sec * factor * rate), total - fromSample);
  const events = triggered
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
        path: join(corpusDir, triggered ? programme.file : manifest.quiet.file),
        startSample: fromSample,
        samples,
        sampleRate: rate,
        clips: triggered ? programme.clips : manifest.quiet.clips,
      },
      {
        tmpDir: join(corpusDir, 'tmp'),
        seed: triggered ? seed : seed + 1,
        noise: { path: join(corpusDir, manifest.quiet.file), clips: manifest.quiet.clips },
      },
    );
  return { programme, spec, seed, skipSec, triggered, events, chunks };
}
