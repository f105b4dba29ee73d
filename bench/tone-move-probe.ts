/**
 * npx tsx bench/tone-move-probe.ts --split tune --condition tempo-0.8 [--max-dev 0.04]
 *
 * How far a stretch moves each tone's tracks: plays the condition's triggered stretch through the
 * field detector and records every track steady enough to propose (its frequency and onset). For
 * each played four-run pattern, the tracks within `--max-dev` of a run's tone whose onsets lie
 * from half a slot before the run's onset to a slot after it are that run's tracks. Prints, over
 * the events, how far run 0's nearest track is from its tone (speed 1: the pitch-kept look-up's
 * view) and from its tone at the speed of run 2's nearest track (the ratio look-up's view of the
 * middle pair), as percentiles. Chose the middle pair's opening tolerance (895ffeb, field-middle-pair.ts,
 * `OPEN_TONE_SHARE`; docs/decisions/field-detector-cost.md, pair16). A diagnosis tool.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { FieldDetector, fixedBlocks } from '@tonemark/audio';
import { STRETCH_SLOT_HZ } from '../packages/audio/src/pitch-kept-reach.ts';
import type { CorpusManifest } from './build-corpus.ts';
import { conditionSpec } from './channel-conditions.ts';
import { exitOnHelp } from './cli-help.ts';
import { parseSplit, splitSeed, TUNE_TRIGGERED_SEC, triggeredSplitStartSec } from './corpus-split.ts';
import type { FieldPlan } from './engine-internals.ts';
import { wrapFieldStep } from './field-candidate-paths.ts';
import { probeRoomChunks } from './probe-room.ts';
import { DEFAULT_PROGRAMME, type TriggeredProgramme } from './render-triggered-programme.ts';
import { stretchEvents } from './run-condition.ts';

exitOnHelp(import.meta.url);

const { values } = parseArgs({
  options: {
    condition: { type: 'string', default: 'tempo-0.8' },
    split: { type: 'string', default: 'tune' },
    'max-dev': { type: 'string', default: '0.04' },
  },
});
const maxDev = Number(values['max-dev']);
const here = import.meta.dirname;
const corpusDir = join(here, 'corpus');
const manifest = JSON.parse(await readFile(join(corpusDir, 'manifest.json'), 'utf8')) as CorpusManifest;
const programme = JSON.parse(
  await readFile(join(corpusDir, `${DEFAULT_PROGRAMME}.json`), 'utf8'),
) as TriggeredProgramme;
const spec = conditionSpec(values.condition);
const split = parseSplit(values.split);
const heldout = split === 'heldout';
const seed = splitSeed(split);
const rate = manifest.sampleRate;
const factor = spec.timeFactor ?? 1;
const triggeredFrom = triggeredSplitStartSec(split) * rate;
const samples = heldout ? programme.samples - triggeredFrom : TUNE_TRIGGERED_SEC * rate;
const events = stretchEvents(programme.events, triggeredFrom, samples, rate, factor);
const triggers = programme.triggers.map((t) => (spec.signal ? { ...t, signal: spec.signal } : t));
const ctx = {
  tmpDir: join(corpusDir, 'tmp'),
  seed,
  noise: { path: join(corpusDir, manifest.quiet.file), clips: manifest.quiet.clips },
};
const source = {
  path: join(corpusDir, programme.file),
  startSample: triggeredFrom,
  samples,
  sampleRate: rate,
  clips: programme.clips,
};
const chunks = probeRoomChunks(spec.id, source, ctx);
const field = new FieldDetector({ sampleRate: spec.outputRate, triggers });
const self = field as unknown as { planLanes: Map<FieldPlan, unknown[]>; front: { hopSize: number } };
interface TrackLike {
  bin: number;
  start: number;
}
interface LaneLike {
  spectrum: { hzOf(bin: number): number };
}
const heard: { hz: number; start: number }[] = [];
wrapFieldStep('propose', (orig, me, a) => {
  const [lane, track] = a as [LaneLike, TrackLike];
  heard.push({ hz: lane.spectrum.hzOf(track.bin), start: track.start });
  return orig.apply(me, a);
});
for await (const block of fixedBlocks(chunks, 128)) field.push(block);

const hopsPerSec = spec.outputRate / self.front.hopSize;
const plans = [...self.planLanes.keys()];
const kept: number[] = [];
const ratio: number[] = [];
let fours = 0;
const reaches: number[] = [];
let pastReach = 0;
for (const e of events) {
  const plan = plans.find((p) => String(p.spec.id) === String(e.triggerId));
  const tones = plan?.bands[0]?.tones;
  if (!plan || !tones || tones.length !== 4 || tones.some((t, k) => k > 0 && t === tones[k - 1])) continue;
  fours++;
  const slot = plan.slotHops / factor;
  const runTracks = (k: number) => {
    const at = e.startSec * hopsPerSec + k * slot;
    const tone = tones[k] as number;
    return heard.filter(
      (t) => Math.abs(t.hz / tone - 1) < maxDev && t.start > at - 0.5 * slot && t.start < at + slot,
    );
  };
  const run0 = runTracks(0);
  const run2 = runTracks(2);
  if (run0.length === 0) continue;
  const t0 = tones[0] as number;
  const dev0 = Math.min(...run0.map((t) => Math.abs(t.hz / t0 - 1)));
  kept.push(dev0);
  // The look-ups' own reach around a tone (as `earlierTonesHeard` with the pitch-kept slack).
  const binHz = (self.planLanes.get(plan)?.[0] as { binHz: number } | undefined)?.binHz ?? 0;
  const reachHz = Math.max(0.004 * t0, binHz, STRETCH_SLOT_HZ + 0.5 * binHz);
  reaches.push(reachHz / t0);
  if (dev0 * t0 > reachHz) pastReach++;
  if (run2.length === 0) continue;
  const t2 = tones[2] as number;
  // The middle pair's speed from run 2's track nearest its tone.
  const near2 = run2.reduce((b, t) => (Math.abs(t.hz / t2 - 1) < Math.abs(b.hz / t2 - 1) ? t : b));
  const speed = near2.hz / t2;
  ratio.push(Math.min(...run0.map((t) => Math.abs(t.hz / (t0 * speed) - 1))));
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length === 0 ? Number.NaN : (s[Math.min(s.length - 1, Math.floor(p * s.length))] as number);
};
const line = (name: string, xs: number[]) =>
  `${name}: n ${xs.length}, median ${(100 * pct(xs, 0.5)).toFixed(2)} %, 90th ${(100 * pct(xs, 0.9)).toFixed(2)} %, 95th ${(100 * pct(xs, 0.95)).toFixed(2)} %, max ${(100 * pct(xs, 1)).toFixed(2)} %, over 0.3 % ${xs.filter((x) => x > 0.003).length}, over 1 % ${xs.filter((x) => x > 0.01).length}, over 2 % ${xs.filter((x) => x > 0.02).length}\n`;
process.stdout.write(`${spec.id} (${split}): ${fours} four-run plays of four distinct runs\n`);
process.stdout.write(line("run 0's nearest track from its tone (speed 1)", kept));
process.stdout.write(line("run 0's nearest track from its tone at run 2's speed", ratio));
process.stdout.write(
  `run 0's nearest track past the pitch-kept reach (max(0.4 %, a bin, ${STRETCH_SLOT_HZ} Hz + half a bin); ${(100 * pct(reaches, 0)).toFixed(2)}-${(100 * pct(reaches, 1)).toFixed(2)} % here): ${pastReach} of ${kept.length}\n`,
);
