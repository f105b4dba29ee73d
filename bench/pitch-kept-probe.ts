/**
 * npx tsx bench/pitch-kept-probe.ts --condition tempo-0.8 [--triggered] [--from 0] [--seconds 480]
 *   [--below 4]
 *
 * Prints every pitch-kept reading the field detector takes that passes every slot test and comes
 * within `--below` dB of its threshold (+ the pitch-kept margin), whether or not it fires, with
 * the figures its guard reads: each slot's offset from its grid tone where it is heard, where
 * the tones hand over at each boundary (hops from the timed one; `-`: no handover), how far apart
 * the handovers are (in slots) and the extra dB the reading needed (`dec` is over threshold + that). On the triggered programme each is labelled TRUE (the trigger played there)
 * or CHANCE; on trigger-free audio all are chance readings. A diagnosis tool: nothing is checked.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { FieldDetector } from '@tonemark/audio';
import type { CorpusManifest } from './build-corpus.ts';
import { conditionedChunks, conditionSpec } from './channel-conditions.ts';
import { exitOnHelp } from './cli-help.ts';
import { BENCH_SEED } from './corpus-split.ts';
import type { FieldLimits, FieldPlan, PitchKeptReading, SpectrumLane } from './engine-internals.ts';
import { handoverResiduals, heardTonesPlan } from './engine-internals.ts';
import type { TriggeredProgramme } from './render-triggered-programme.ts';

exitOnHelp(import.meta.url);

const { values } = parseArgs({
  options: {
    condition: { type: 'string', default: 'tempo-0.8' },
    triggered: { type: 'boolean' },
    from: { type: 'string', default: '0' },
    seconds: { type: 'string', default: '480' },
    below: { type: 'string', default: '4' },
  },
});
const corpusDir = join(import.meta.dirname, 'corpus');
const manifest = JSON.parse(await readFile(join(corpusDir, 'manifest.json'), 'utf8')) as CorpusManifest;
const programme = JSON.parse(
  await readFile(join(corpusDir, 'triggered-mixed.json'), 'utf8'),
) as TriggeredProgramme;
const spec = conditionSpec(values.condition);
const factor = spec.timeFactor ?? 1;
const rate = manifest.sampleRate;
const fromSec = Number(values.from);
const below = Number(values.below);
const triggered = values.triggered === true;

interface Internals {
  planLanes: Map<FieldPlan, SpectrumLane[]>;
  limits: FieldLimits;
  minMeanDb: number;
  front: { hopsDone: number };
}
type Patchable = Record<string, (...args: unknown[]) => unknown>;
const proto = FieldDetector.prototype as unknown as Patchable;
const seen = new Set<string>();
const detector = new FieldDetector({ sampleRate: spec.outputRate, triggers: programme.triggers });
const inner = detector as unknown as Internals;
let nowSec = 0;
const f = (v: number, d = 1) => v.toFixed(d);

// Every pitch-kept reading is recorded from inside the detector's `keptAround` (one searched
// timing's reading; `pitchKept` reads the narrow search's timing, then the searched timing the
// boundary fit left, then the whole tempo range's): it returns only what reaches the threshold, so
// the threshold is lowered while it runs, and what it returns is then held to the real threshold,
// so every further timing the detector reads after a failed one is read and recorded too.
const orig = proto.keptAround as (...a: unknown[]) => unknown;
proto.keptAround = function (this: unknown, ...a: unknown[]) {
  const saved = inner.minMeanDb;
  inner.minMeanDb = saved - below;
  const found = orig.apply(this, a) as PitchKeptReading | undefined;
  inner.minMeanDb = saved;
  if (!found) return undefined;
  report(a[0] as FieldPlan, found);
  return found.score.decisionDb >= saved + found.extraDb ? found : undefined;
};

function report(plan: FieldPlan, found: PitchKeptReading): void {
  const h = found.refined;
  const lanes = inner.planLanes.get(plan) ?? [];
  const startSec = h.start * 0.01 * factor + fromSec;
  const key = `${plan.spec.id}@${Math.round(startSec * 4)}`;
  if (seen.has(key)) return;
  seen.add(key);
  const event = programme.events.find(
    (e) => Math.abs(e.startSec - startSec) < 0.6 && String(e.triggerId) === String(plan.spec.id),
  );
  const label = !triggered ? 'QUIET' : event ? 'TRUE' : 'CHANCE';
  const heard = heardTonesPlan(plan, lanes, h);
  const offsets = (heard.bands[0]?.tones ?? []).map((hz, k) => hz - (plan.bands[0]?.tones[k] as number));
  const residuals = handoverResiduals(heard, lanes, h) ?? [];
  const need = inner.minMeanDb + found.extraDb;
  const spread =
    residuals.length > 1 ? (Math.max(...residuals) - Math.min(...residuals)) / h.slot : Number.NaN;
  process.stdout.write(
    `${label} ${plan.spec.id} t=${f(startSec, 2)} tempo=${f(plan.slotHops / h.slot, 3)} dec=${f(found.score.decisionDb - need)} extra=${found.extraDb} spread=${f(spread, 3)} ` +
      `off=[${offsets.map((o) => f(o)).join(',')}] handover=[${residuals.map((r) => (Number.isNaN(r) ? '-' : f(r))).join(',')}]\n`,
  );
}

const source = triggered
  ? { path: join(corpusDir, 'triggered-mixed.f32'), clips: programme.clips }
  : { path: join(corpusDir, manifest.quiet.file), clips: manifest.quiet.clips };
const chunks = conditionedChunks(
  spec.id,
  {
    path: source.path,
    startSample: Math.round(fromSec * rate),
    samples: Math.round(Number(values.seconds) * rate),
    sampleRate: rate,
    clips: source.clips,
  },
  {
    tmpDir: join(corpusDir, 'tmp'),
    seed: triggered ? BENCH_SEED : BENCH_SEED + 1,
    noise: { path: join(corpusDir, manifest.quiet.file), clips: manifest.quiet.clips },
  },
);
let fired = 0;
for await (const chunk of chunks) {
  for (let i = 0; i < chunk.length; i += 512) {
    fired += detector.push(chunk.subarray(i, i + 512)).length;
    nowSec += Math.min(512, chunk.length - i) / spec.outputRate;
  }
}
process.stderr.write(
  `${values.condition} ${triggered ? 'triggered' : 'quiet'}: ${fired} detections, ${f(nowSec)} s\n`,
);
