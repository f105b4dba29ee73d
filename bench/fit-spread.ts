/**
 * npx tsx bench/fit-spread.ts --conditions speed-0.95,tempo-1.25 [--split tune|heldout]
 *   [--trigger-seed N] [--triggered-sec 480] [--quiet-sec 0] [--triggers 24]
 *
 * Prints the speed and tempo the field detector fitted to every detection it made under each
 * condition (triggered programme, then trigger-free), each marked as a played trigger, a wrong
 * trigger (another trigger was playing) or a false positive: where played triggers fall in the
 * speed x tempo plane, against where chance fits fall (docs/decisions/audio-joint-fit.md).
 * A diagnosis tool: its figures are not checked.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Detection, FieldDetector } from '@tonemark/audio';
import type { CorpusManifest } from './build-corpus.ts';
import { type ConditionId, conditionSpec } from './channel-conditions.ts';
import { DEFAULT_PROGRAMME, type TriggeredProgramme } from './render-triggered-programme.ts';
import { runCondition, stretchEvents } from './run-condition.ts';

// The benchmark's split (bench/audio-bench.ts): tuning and held-out stretches, and their seeds.
const SPLIT = { seed: 20_251_122, heldoutSeedOffset: 1_000, tuneTriggeredSec: 8 * 60, tuneQuietSec: 10 * 60 };

const { values } = parseArgs({
  options: {
    'triggered-sec': { type: 'string', default: '480' },
    'quiet-sec': { type: 'string', default: '0' },
    conditions: { type: 'string', default: 'clean' },
    triggers: { type: 'string', default: '24' },
    split: { type: 'string', default: 'tune' },
    'trigger-seed': { type: 'string' },
  },
});
const corpusDir = join(import.meta.dirname, 'corpus');
const manifest = JSON.parse(await readFile(join(corpusDir, 'manifest.json'), 'utf8')) as CorpusManifest;
const rate = manifest.sampleRate;
const heldout = values.split === 'heldout';
// Another trigger set's programme is cached beside the default one (audio-bench --trigger-seed).
const seedTail = values['trigger-seed'] === undefined ? '' : `-t${values['trigger-seed']}`;
const programmeName = `${DEFAULT_PROGRAMME}${seedTail}`;
const programmeJson = await readFile(join(corpusDir, `${programmeName}.json`), 'utf8');
const programme = JSON.parse(programmeJson) as TriggeredProgramme;
const triggeredFrom = heldout ? SPLIT.tuneTriggeredSec * rate : 0;
const quietFrom = heldout ? SPLIT.tuneQuietSec * rate : 0;
const triggeredSamples = Math.min(
  Number(values['triggered-sec']) * rate,
  (heldout ? programme.samples - triggeredFrom : SPLIT.tuneTriggeredSec * rate) as number,
);
const quietSamples = Math.max(rate, Number(values['quiet-sec']) * rate);

// The field detector's own detections carry the fitted speed and tempo; each stream (triggered,
// trigger-free) gets its own detector, so a detection is placed by its detector's sample count.
const heard = new Map<FieldDetector, { samples: number; found: (Detection & { at: number })[] }>();
const proto = FieldDetector.prototype as unknown as { push: (b: Float32Array) => Detection[] };
const push = proto.push;
proto.push = function (this: FieldDetector, block: Float32Array): Detection[] {
  const out = push.call(this, block);
  let mine = heard.get(this);
  if (!mine) {
    mine = { samples: 0, found: [] };
    heard.set(this, mine);
  }
  mine.samples += block.length;
  for (const d of out) mine.found.push({ ...d, at: mine.samples });
  return out;
};

const f = (v: number | undefined, d = 4) => (v === undefined ? '-' : v.toFixed(d));
for (const condition of (values.conditions ?? '').split(',') as ConditionId[]) {
  heard.clear();
  const spec = conditionSpec(condition);
  const factor = spec.timeFactor ?? 1;
  await runCondition(
    {
      condition,
      detectors: ['dual'],
      blockSize: 128,
      corpusDir,
      triggeredSamples,
      quietSamples,
      triggeredFrom,
      quietFrom,
      seed: heldout ? SPLIT.seed + SPLIT.heldoutSeedOffset : SPLIT.seed,
      programme: programmeName,
      activeTriggers: Number(values.triggers),
    },
    () => {},
  );
  const events = stretchEvents(programme.events, triggeredFrom, triggeredSamples, rate, factor);
  const [triggered, quiet] = [...heard.values()];
  for (const [name, run] of [
    ['triggered', triggered],
    ['trigger-free', quiet],
  ] as const) {
    for (const d of run?.found ?? []) {
      const sec = d.at / spec.outputRate;
      const playing = events.filter((e) => sec >= e.startSec && sec <= e.endSec + 2);
      const verdict =
        name === 'trigger-free' || playing.length === 0
          ? 'false'
          : playing.some((e) => String(e.triggerId) === String(d.triggerId))
            ? 'played'
            : 'wrong';
      process.stdout.write(
        `${condition} ${name} ${verdict} ${d.triggerId} at ${sec.toFixed(2)} speed ${f(d.speed)} tempo ${f(d.tempo, 3)} snr ${f(d.snrDb, 1)}\n`,
      );
    }
  }
}
