import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { embedTrigger, fixedBlocks, type Signal, synthesizeTrigger, type TriggerSpec } from '@tonemark/audio';
import { decodeAudioChunks, lastErrorLine, runToolForText } from '@tonemark/ffmpeg';
import type { CorpusManifest } from './build-corpus.ts';
import { F32Writer, readF32Range } from './f32-files.ts';
import { type BenchDetector, makeDetector } from './run-detectors.ts';

/** One cell of the codec table: one signal type through one stereo codec at one bitrate. */
export interface CodecCell {
  signal: Signal;
  codec: 'mp3' | 'aac' | 'opus';
  kbps: number;
  events: number;
  detected: number;
  wrong: number;
}

const ENCODERS: Record<CodecCell['codec'], { args: string[]; ext: string }> = {
  mp3: { args: ['-c:a', 'libmp3lame'], ext: 'mp3' },
  aac: { args: ['-c:a', 'aac'], ext: 'm4a' },
  opus: { args: ['-c:a', 'libopus'], ext: 'opus' },
};
const SLOT_SEC = 8;

/**
 * Which signal type survives which stereo codec at which bitrate, as a streaming platform's
 * re-encode would treat it: the encoder's own defaults (its low-pass included), stereo (the
 * programme duplicated on both channels), then decoded and run through the detector given.
 * The programme is the split's trigger-free corpus (real speech and music), a trigger every 8 s.
 */
export async function runCodecTable(opts: {
  corpusDir: string;
  manifest: CorpusManifest;
  triggers: TriggerSpec[];
  /** The detector to score (the shipped one in a default run). */
  detector: BenchDetector;
  seconds: number;
  /** Where in the trigger-free programme the bed starts: the split's own stretch. */
  fromSec: number;
  bitrates: number[];
  log: (line: string) => void;
}): Promise<CodecCell[]> {
  const rate = opts.manifest.sampleRate;
  const bed = await codecBed(
    join(opts.corpusDir, opts.manifest.quiet.file),
    rate,
    opts.seconds,
    opts.fromSec,
  );
  const cells: CodecCell[] = [];
  for (const signal of ['audible', 'ultrasonic', 'combined', 'streaming'] as const) {
    const { triggers, mixed, events } = codecProgramme(bed, opts.triggers, signal, rate);
    const raw = join(opts.corpusDir, 'tmp', `codec-${process.pid}-${signal}.f32`);
    const writer = await F32Writer.create(raw);
    await writer.write(mixed);
    await writer.close();
    for (const codec of ['mp3', 'aac', 'opus'] as const) {
      for (const kbps of opts.bitrates) {
        const encoded = await encodeStereo(opts.corpusDir, raw, rate, codec, kbps);
        const detector = makeDetector(opts.detector, rate, triggers);
        const found: CodecDetection[] = [];
        for await (const { at, detections } of decodedBlocks(encoded, rate, (b) => detector.push(b)))
          for (const d of detections) found.push({ id: d.triggerId, at });
        await rm(encoded, { force: true });
        const { detected, wrong } = scoreCodecCell(events, found);
        cells.push({ signal, codec, kbps, events: events.length, detected, wrong });
        opts.log(`codec table: ${signal} ${codec} ${kbps}k stereo: ${detected}/${events.length}`);
      }
    }
    await rm(raw, { force: true });
  }
  return cells;
}

/** A played trigger of the codec table's programme and the stream time its pattern ends. */
export interface CodecEvent {
  id: string | number;
  end: number;
}

/** A detection of a codec-table run: the trigger and the stream time it was reported at. */
export interface CodecDetection {
  id: string | number;
  at: number;
}

/** The codec table's programme bed: the trigger-free programme at `quietPath` (mono f32 at `rate`)
 * from `fromSec` on, a whole number of 8 s slots. */
export async function codecBed(
  quietPath: string,
  rate: number,
  seconds: number,
  fromSec: number,
): Promise<Float32Array> {
  const samples = Math.floor(seconds / SLOT_SEC) * SLOT_SEC * rate;
  return readF32Range(quietPath, Math.round(fromSec * rate), samples);
}

/** The bed with a trigger of the set (as `signal`) 2 s into every 8 s slot, in the set's order. */
export function codecProgramme(
  bed: Float32Array,
  set: readonly TriggerSpec[],
  signal: Signal,
  rate: number,
): { triggers: TriggerSpec[]; mixed: Float32Array; events: CodecEvent[] } {
  const triggers = set.map((t) => ({ ...t, signal }));
  let mixed = bed;
  const events: CodecEvent[] = [];
  for (let slot = 0; (slot + 1) * SLOT_SEC * rate <= bed.length; slot++) {
    const trigger = triggers[slot % triggers.length] as TriggerSpec;
    const tone = synthesizeTrigger({ frequencies: trigger.frequencyPattern, sampleRate: rate, signal });
    const start = Math.round((slot * SLOT_SEC + 2) * rate);
    mixed = embedTrigger(mixed, tone, start);
    events.push({ id: trigger.id, end: (start + tone.length) / rate });
  }
  return { triggers, mixed, events };
}

/** Encodes a mono f32 file in stereo (the programme on both channels) with the codec's defaults. */
export async function encodeStereo(
  corpusDir: string,
  raw: string,
  rate: number,
  codec: CodecCell['codec'],
  kbps: number,
): Promise<string> {
  const encoded = join(corpusDir, 'tmp', `codec-${process.pid}.${ENCODERS[codec].ext}`);
  const { code, stderr } = await runToolForText('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    ...['-f', 'f32le', '-ar', String(rate), '-ac', '1', '-i', raw],
    '-ac',
    '2',
    ...ENCODERS[codec].args,
    '-b:a',
    `${kbps}k`,
    encoded,
  ]);
  if (code !== 0) throw new Error(`ffmpeg ${codec} ${kbps}k failed: ${lastErrorLine(stderr)}`);
  return encoded;
}

/** Decodes an encoded file to mono at `rate` in 1024-sample blocks, each pushed to `push`; yields
 * the stream time after each block and what `push` returned for it. */
export async function* decodedBlocks<T>(
  encoded: string,
  rate: number,
  push: (block: Float32Array) => T[],
): AsyncGenerator<{ at: number; detections: T[] }> {
  let pushed = 0;
  const chunks = (async function* () {
    for await (const [plane] of decodeAudioChunks(encoded, { layout: 'mono', sampleRate: rate })) {
      if (plane) yield plane;
    }
  })();
  for await (const block of fixedBlocks(chunks, 1024)) {
    pushed += block.length;
    yield { at: pushed / rate, detections: push(block) };
  }
}

/** Whether a report at stream time `at` belongs to `e`: from 2.2 s before its pattern's end to 2 s after. */
export function nearEvent(e: CodecEvent, at: number): boolean {
  return at > e.end - 2.2 && at < e.end + 2;
}

/**
 * The codec table's score: an event is detected when its own trigger is reported near it
 * (`nearEvent`); it counts a wrong trigger when another one is.
 */
export function scoreCodecCell(
  events: readonly CodecEvent[],
  found: readonly CodecDetection[],
): { detected: number; wrong: number } {
  let detected = 0;
  let wrong = 0;
  for (const e of events) {
    const near = found.filter((f) => nearEvent(e, f.at));
    if (near.some((f) => String(f.id) === String(e.id))) detected++;
    if (near.some((f) => String(f.id) !== String(e.id))) wrong++;
  }
  return { detected, wrong };
}
