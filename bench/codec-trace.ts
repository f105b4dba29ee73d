/**
 * npx tsx bench/codec-trace.ts [--signal ultrasonic] [--codec opus] [--kbps 96,128,192,256]
 *   [--seconds 192] [--split heldout|tune]
 *
 * Traces the codec table (bench/codec-table.ts): builds its programme (the trigger-free corpus, a
 * trigger every 8 s), encodes it in stereo as the table does, and runs the `dual` detector on the
 * decoded audio with its two parts tagged. Prints every report with the detector that made it
 * (coherent or field), its speed, tempo and SNR, the played event nearest to it, and whether the
 * table's scoring window counts it as that event's detection or as a wrong trigger. For each
 * candidate the field detector adds for another trigger than the one playing (a would-be wrong
 * trigger), it prints the path that found it and each slot's reading (ratio to the reference,
 * steadiness, frequency error, peaked halves, measured frequency). A diagnosis tool: its figures
 * are not checked.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Detection, FieldDetector, RobustDetectorV1 as RobustDetector } from '@tonemark/audio';
import type { CorpusManifest } from './build-corpus.ts';
import { exitOnHelp } from './cli-help.ts';
import {
  type CodecCell,
  type CodecDetection,
  codecBed,
  codecProgramme,
  decodedBlocks,
  encodeStereo,
  nearEvent,
  scoreCodecCell,
} from './codec-table.ts';
import { BENCH_SEED, parseSplit, quietSplitStartSec } from './corpus-split.ts';
import {
  DualDetector,
  type FieldPlan,
  readSlot,
  type SpectrumLane,
  spillMarginsDb,
} from './engine-internals.ts';
import { F32Writer } from './f32-files.ts';
import { type AddedCandidate, traceFieldCandidates } from './field-candidate-paths.ts';
import { taggedDetector } from './tagged-detector.ts';
import { generateTriggerSet } from './trigger-set.ts';

exitOnHelp(import.meta.url);

const { values } = parseArgs({
  options: {
    signal: { type: 'string', default: 'ultrasonic' },
    codec: { type: 'string', default: 'opus' },
    kbps: { type: 'string', default: '96,128,192,256' },
    seconds: { type: 'string', default: '192' },
    split: { type: 'string', default: 'heldout' },
  },
});
const signal = values.signal as 'audible' | 'ultrasonic' | 'combined' | 'streaming';
if (!['audible', 'ultrasonic', 'combined', 'streaming'].includes(signal)) throw new Error('unknown --signal');
const codec = values.codec as CodecCell['codec'];
if (!['mp3', 'aac', 'opus'].includes(codec)) throw new Error('unknown --codec');
const here = import.meta.dirname;
const corpusDir = join(here, 'corpus');
const manifest = JSON.parse(await readFile(join(corpusDir, 'manifest.json'), 'utf8')) as CorpusManifest;
const rate = manifest.sampleRate;
const split = parseSplit(values.split);
const bed = await codecBed(
  join(corpusDir, manifest.quiet.file),
  rate,
  Number(values.seconds),
  quietSplitStartSec(split),
);
const { triggers, mixed, events } = codecProgramme(bed, generateTriggerSet(24, BENCH_SEED), signal, rate);
const raw = join(corpusDir, 'tmp', `codec-trace-${process.pid}.f32`);
const writer = await F32Writer.create(raw);
await writer.write(mixed);
await writer.close();

const patternOf = (id: string | number) =>
  triggers.find((t) => String(t.id) === String(id))?.frequencyPattern.join('-') ?? '?';
const f = (v: number | undefined, d = 2) => (v === undefined ? '-' : v.toFixed(d));

const traced: AddedCandidate[] = [];
traceFieldCandidates((c) => traced.push(c));
const dB = (r: number) => 10 * Math.log10(Math.max(r, 1e-6));

/** The slot readings of a field candidate for another trigger than the one playing. */
function printCandidate(field: FieldDetector, t: AddedCandidate): void {
  // The field detector's privates this trace reads, as the other probes reach them (chance-fit-probe.ts).
  const inside = field as unknown as {
    planLanes: Map<FieldPlan, SpectrumLane[]>;
    front: { hopSize: number };
  };
  const at = (t.hop * inside.front.hopSize) / rate;
  const playing = events.find((e) => nearEvent(e, at));
  if (playing === undefined || String(playing.id) === String(t.plan.spec.id)) return;
  const lanes = inside.planLanes.get(t.plan) ?? [];
  const h = t.refined;
  process.stdout.write(
    `  cand ${String(t.plan.spec.id)} at ${f(at)} s (playing ${String(playing.id)}) path=${t.path} speed=${f(h.speed, 4)} tempo=${f(t.plan.slotHops / h.slot / h.speed, 3)} ` +
      `mean=${f(t.score.meanDb, 1)} capped=${f(t.score.cappedMeanDb, 1)} steady=${f(t.score.steadyMeanDb)} decision=${f(t.score.decisionDb, 1)} min=${f(t.score.minDb, 1)}\n`,
  );
  const spill = spillMarginsDb(t.plan, lanes, h);
  process.stdout.write(
    `     below the loudest line within 1 kHz, per slot: ${spill?.map((db) => f(db, 1)).join(', ') ?? '-'} dB\n`,
  );
  for (let b = 0; b < t.plan.bands.length; b++) {
    const lane = lanes[b];
    if (!lane) continue;
    for (let k = 0; k < t.plan.slotCount; k++) {
      const r = readSlot(t.plan, b, lane, h, k, true);
      process.stdout.write(
        `     band ${b} slot ${k} ${f(t.plan.bands[b]?.tones[k], 0)} Hz: ratio ${r ? f(dB(r.ratio), 1) : '-'} dB steady ${r ? f(dB(r.steady)) : '-'} err ${r ? f(r.errorBins) : '-'} bins peaks ${r?.peakedHalves ?? '-'} measured ${r ? f(r.measuredHz, 1) : '-'} Hz\n`,
      );
    }
  }
}

for (const kbps of values.kbps.split(',').map(Number)) {
  const encoded = await encodeStereo(corpusDir, raw, rate, codec, kbps);
  const opts = { sampleRate: rate, triggers };
  const fromCoherent: { d: Detection; at: number }[] = [];
  const fromField: { d: Detection; at: number }[] = [];
  let now = 0;
  const clock = () => now;
  const field = new FieldDetector(opts);
  const dual = new DualDetector(opts, {
    coherent: taggedDetector(new RobustDetector(opts), (d) => fromCoherent.push({ d, at: clock() })),
    field: taggedDetector(field, (d) => fromField.push({ d, at: clock() })),
  });
  traced.length = 0;
  const found: (CodecDetection & { d: Detection })[] = [];
  // decodedBlocks pushes a block, then yields the time after it: the parts' reports of that block
  // are stamped with the time before, so the clock is advanced inside push.
  for await (const { at, detections } of decodedBlocks(encoded, rate, (b) => {
    now += b.length / rate;
    const out = dual.push(b);
    // Slot readings are taken while the lanes still hold the audio (right when a candidate is added).
    for (const t of traced.splice(0)) printCandidate(field, t);
    return out;
  }))
    for (const d of detections) found.push({ id: d.triggerId, at, d });
  await rm(encoded, { force: true });
  const { detected, wrong } = scoreCodecCell(events, found);
  process.stdout.write(
    `\n${signal} ${codec} ${kbps}k: ${detected}/${events.length} detected, ${wrong} wrong\n`,
  );
  const sources = (x: CodecDetection) =>
    (['coherent', 'field'] as const)
      .filter((name) =>
        (name === 'coherent' ? fromCoherent : fromField).some(
          (p) => String(p.d.triggerId) === String(x.id) && Math.abs(p.at - x.at) <= 1.5,
        ),
      )
      .join('+');
  for (const x of found) {
    const nearest = events.reduce((a, b) => (Math.abs(b.end - x.at) < Math.abs(a.end - x.at) ? b : a));
    const own = String(nearest.id) === String(x.id);
    const inWindow = nearEvent(nearest, x.at);
    const verdict = own ? 'detection' : inWindow ? 'WRONG (counted)' : 'other (outside window)';
    process.stdout.write(
      `  ${String(x.id)} [${patternOf(x.id)}] at ${f(x.at)} s by ${sources(x) || '?'}: speed ${f(x.d.speed, 4)} tempo ${f(x.d.tempo, 3)} snr ${f(x.d.snrDb, 1)} score ${f(x.d.score, 3)}; ` +
        `nearest played ${String(nearest.id)} [${patternOf(nearest.id)}] ends ${f(nearest.end)} s (${f(x.at - nearest.end)} s): ${verdict}\n`,
    );
  }
  // Each part's own reports that the dual detector merged or dropped (a dropped coherent one is a guard at work).
  for (const [name, list] of [
    ['coherent', fromCoherent],
    ['field', fromField],
  ] as const)
    process.stdout.write(
      `  ${name} reports: ${list.map((p) => `${String(p.d.triggerId)}@${f(p.at)}${p.d.speed === undefined ? '' : `(s${f(p.d.speed, 3)} t${f(p.d.tempo, 3)})`}`).join(' ')}\n`,
    );
}
await rm(raw, { force: true });
