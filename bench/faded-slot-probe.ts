/**
 * npx tsx bench/faded-slot-probe.ts condition quiet|triggered fromSec seconds [seed] [triggerSeed] [extra=1]
 *
 * Runs the field detector with the faded-slot excuse on over one stretch of the benchmark corpus
 * under one condition and prints, for every detection the excuse made (it fails with the excuse
 * off), the per-slot readings of its fitted pattern: the tone over its reference (dB), its
 * steadiness, its frequency error, and whether it was a played trigger (triggered programme,
 * matching event) or a false positive (docs/decisions/audio-far-field-rooms.md). `extra` = 0
 * prints every detection.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FieldDetector, type TriggerSpec } from '@tonemark/audio';
import type { CorpusManifest } from './build-corpus.ts';
import { type ConditionId, conditionedChunks } from './channel-conditions.ts';
import { exitOnHelp } from './cli-help.ts';
import type { FieldLimits, FieldPlan, Hypothesis, SpectrumLane } from './engine-internals.ts';
import { readSlot, scorePattern, scorePitchKept } from './engine-internals.ts';
import type { TriggeredProgramme } from './render-triggered-programme.ts';
import { generateDecoys, generateTriggerSet } from './trigger-set.ts';

exitOnHelp(import.meta.url);

const dir = join(dirname(fileURLToPath(import.meta.url)), 'corpus');
const [conditionArg, which = 'quiet', fromArg = '0', secondsArg = '600', seedArg, triggerSeedArg, extraArg] =
  process.argv.slice(2);
const condition = (conditionArg ?? 'clean') as ConditionId;
const seed = Number(seedArg ?? 20_251_122);
const onlyExtra = (extraArg ?? '1') !== '0';
const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as CorpusManifest;
const programme = JSON.parse(await readFile(join(dir, 'triggered-mixed.json'), 'utf8')) as TriggeredProgramme;
const rate = manifest.sampleRate;
const from = Number(fromArg) * rate;
const samples = Number(secondsArg) * rate;
const embedded: TriggerSpec[] =
  triggerSeedArg === undefined || triggerSeedArg === '-'
    ? programme.triggers
    : generateTriggerSet(24, Number(triggerSeedArg));
const triggers = [...embedded, ...generateDecoys(Number(process.env.PROBE_N ?? 24) - 24, embedded, seed + 7)];
const input =
  which === 'triggered'
    ? {
        path: join(dir, programme.file),
        startSample: from,
        samples,
        sampleRate: rate,
        clips: programme.clips,
      }
    : {
        path: join(dir, manifest.quiet.file),
        startSample: from,
        samples,
        sampleRate: rate,
        clips: manifest.quiet.clips,
      };
const events = which === 'triggered' ? programme.events.filter((e) => e.startSample >= from) : [];
const clipAt = (sample: number) => {
  const clips = which === 'triggered' ? programme.clips : manifest.quiet.clips;
  const i = clips.findIndex((c) => sample >= c.start && sample < c.start + c.length);
  return i < 0 ? 'end' : `${clips[i]?.kind}#${i}`;
};

interface Internals {
  claimed: { plan: FieldPlan; hypothesis: Hypothesis; decideAt: number }[];
  planLanes: Map<FieldPlan, SpectrumLane[]>;
  limits: FieldLimits;
  minMeanDb: number;
}
const detector = new FieldDetector({ sampleRate: rate, triggers, tuning: { excuseFadedSlot: true } });
const inside = detector as unknown as Internals;
const db = (v: number) => (10 * Math.log10(Math.max(v, 1e-6))).toFixed(1);
let at = 0;
let shown = 0;
let total = 0;
for await (const chunk of conditionedChunks(condition, input, {
  tmpDir: join(dir, 'tmp'),
  seed: which === 'quiet' ? seed + 1 : seed,
  noise: { path: join(dir, manifest.quiet.file), clips: manifest.quiet.clips },
})) {
  for (let i = 0; i < chunk.length; i += 512) {
    const found = detector.push(chunk.subarray(i, i + 512));
    at += Math.min(512, chunk.length - i);
    for (const d of found) {
      total++;
      const c = [...inside.claimed].reverse().find((x) => x.plan.spec.id === d.triggerId);
      if (!c) continue;
      const lanes = inside.planLanes.get(c.plan) ?? [];
      const plain = scorePattern(
        c.plan,
        lanes,
        c.hypothesis,
        { ...inside.limits, excuseFadedSlot: false },
        true,
      );
      const kept =
        c.hypothesis.speed === 1 ? scorePitchKept(c.plan, lanes, c.hypothesis, inside.limits) : undefined;
      const excused =
        !(plain?.pass && plain.decisionDb >= inside.minMeanDb) &&
        !(kept?.pass && kept.decisionDb >= inside.minMeanDb);
      if (onlyExtra && !excused) continue;
      shown++;
      const tSec = (from + at) / rate;
      const event = events.find(
        (e) => tSec >= e.startSec && tSec <= e.endSec + 2.5 && String(e.triggerId) === String(d.triggerId),
      );
      const anyEvent = events.find((e) => tSec >= e.startSec && tSec <= e.endSec + 2.5);
      const verdict = which === 'quiet' ? 'FP' : event ? 'TRUE' : anyEvent ? 'WRONG' : 'STRAY';
      const slots: string[] = [];
      for (let k = 0; k < c.plan.slotCount; k++) {
        const lane = lanes[0];
        const r = lane && readSlot(c.plan, 0, lane, c.hypothesis, k, true);
        if (!r) continue;
        slots.push(
          `${c.plan.bands[0]?.tones[k]}:${db(r.ratio)}/${db(r.steady)}/${r.errorBins.toFixed(2)}${r.peakedHalves ? '' : '!'}`,
        );
      }
      if (process.env.PROBE_DEBUG)
        console.log(
          JSON.stringify({
            h: c.hypothesis,
            plain,
            kept,
            on: scorePattern(c.plan, lanes, c.hypothesis, inside.limits, true),
          }),
        );
      console.log(
        `${verdict} ${d.triggerId} t=${tSec.toFixed(2)} ${clipAt(from + at)} excused=${excused} mean=${d.snrDb} speed=${d.speed} tempo=${d.tempo} | ${slots.join('  ')}`,
      );
    }
  }
}
console.error(`${condition} ${which} ${fromArg}+${secondsArg}s: ${total} detections, ${shown} shown`);
