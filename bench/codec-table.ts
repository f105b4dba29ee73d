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
 * The programme is the trigger-free corpus (real speech and music), a trigger every 8 s.
 */
export async function runCodecTable(opts: {
  corpusDir: string;
  manifest: CorpusManifest;
  triggers: TriggerSpec[];
  /** The detector to score (the shipped one in a default run). */
  detector: BenchDetector;
  seconds: number;
  bitrates: number[];
  log: (line: string) => void;
}): Promise<CodecCell[]> {
  const rate = opts.manifest.sampleRate;
  const samples = Math.floor(opts.seconds / SLOT_SEC) * SLOT_SEC * rate;
  const bed = await readF32Range(join(opts.corpusDir, opts.manifest.quiet.file), 0, samples);
  const cells: CodecCell[] = [];
  for (const signal of ['audible', 'ultrasonic', 'combined', 'streaming'] as const) {
    const triggers = opts.triggers.map((t) => ({ ...t, signal }));
    let mixed = bed;
    const events: { id: string | number; end: number }[] = [];
    for (let slot = 0; (slot + 1) * SLOT_SEC * rate <= samples; slot++) {
      const trigger = triggers[slot % triggers.length] as TriggerSpec;
      const tone = synthesizeTrigger({ frequencies: trigger.frequencyPattern, sampleRate: rate, signal });
      const start = Math.round((slot * SLOT_SEC + 2) * rate);
      mixed = embedTrigger(mixed, tone, start);
      events.push({ id: trigger.id, end: (start + tone.length) / rate });
    }
    const raw = join(opts.corpusDir, 'tmp', `codec-${process.pid}-${signal}.f32`);
    const writer = await F32Writer.create(raw);
    await writer.write(mixed);
    await writer.close();
    for (const codec of ['mp3', 'aac', 'opus'] as const) {
      for (const kbps of opts.bitrates) {
        const encoded = join(opts.corpusDir, 'tmp', `codec-${process.pid}.${ENCODERS[codec].ext}`);
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
        const detector = makeDetector(opts.detector, rate, triggers);
        const found: { id: string | number; at: number }[] = [];
        let pushed = 0;
        const chunks = (async function* () {
          for await (const [plane] of decodeAudioChunks(encoded, { layout: 'mono', sampleRate: rate })) {
            if (plane) yield plane;
          }
        })();
        for await (const block of fixedBlocks(chunks, 1024)) {
          pushed += block.length;
          for (const d of detector.push(block)) found.push({ id: d.triggerId, at: pushed / rate });
        }
        await rm(encoded, { force: true });
        let detected = 0;
        let wrong = 0;
        for (const e of events) {
          const near = found.filter((f) => f.at > e.end - 2.2 && f.at < e.end + 2);
          if (near.some((f) => String(f.id) === String(e.id))) detected++;
          if (near.some((f) => String(f.id) !== String(e.id))) wrong++;
        }
        cells.push({ signal, codec, kbps, events: events.length, detected, wrong });
        opts.log(`codec table: ${signal} ${codec} ${kbps}k stereo: ${detected}/${events.length}`);
      }
    }
    await rm(raw, { force: true });
  }
  return cells;
}
