import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { synthesizeTrigger, type TriggerSpec } from '@tonemark/audio';
import type { CorpusManifest } from './build-corpus.ts';
import {
  type ConditionId,
  conditionedChunks,
  conditionSpec,
  type ProgrammeInput,
} from './channel-conditions.ts';
import { type ConditionResult, DETAIL_LIMIT } from './condition-result.ts';
import { DEFAULT_PROGRAMME, type TriggeredProgramme } from './render-triggered-programme.ts';
import { summariseReportedTiming } from './reported-timing.ts';
import { resignalStretch } from './resignal-programme.ts';
import type { BenchDetector } from './run-detectors.ts';
import { runDetectors } from './run-detectors.ts';
import { median, percentile, scoreTriggered } from './score-detections.ts';
import type { TriggerEvent } from './trigger-schedule.ts';
import { generateDecoys } from './trigger-set.ts';

export interface ConditionJob {
  condition: ConditionId;
  detectors: BenchDetector[];
  blockSize: number;
  corpusDir: string;
  triggeredSamples: number;
  quietSamples: number;
  /** Where the scored stretches start (the --split: tuning and held-out parts of the corpus). */
  triggeredFrom?: number;
  quietFrom?: number;
  seed: number;
  /** The triggered programme's cache name (another trigger set: `--trigger-seed`). */
  programme?: string;
  /**
   * Listen for this many triggers: the embedded ones plus decoys (the cost table); under the
   * embedded count, the first ones only, scored on their own plays (a listening link's catalogue).
   */
  activeTriggers?: number;
}

const round = (v: number | undefined, digits = 1): number | null =>
  v === undefined ? null : Math.round(v * 10 ** digits) / 10 ** digits;

/** "music #12" / "speech #7": which programme clip a time falls in. */
function clipAt(clips: CorpusManifest['quiet']['clips'], sample: number): string {
  const index = clips.findIndex((c) => sample >= c.start && sample < c.start + c.length);
  return index < 0 ? 'end' : `${clips[index]?.kind} #${index}`;
}

async function readJson<T>(path: string): Promise<T> {
  return JSON.parse(await readFile(path, 'utf8')) as T;
}

/**
 * The extra plays of the overlap and repeat conditions: for every programme event, a different
 * trigger starting halfway through it, or the same trigger again as soon as it ends.
 */
export function extraTriggers(
  kind: 'overlap-half' | 'repeat',
  events: readonly TriggerEvent[],
  triggers: readonly TriggerSpec[],
  rate: number,
): { events: TriggerEvent[]; sounds: { startSample: number; tone: Float32Array }[] } {
  const tones = new Map<string, Float32Array>();
  const toneOf = (t: TriggerSpec) => {
    const key = String(t.id);
    let tone = tones.get(key);
    if (!tone) {
      tone = synthesizeTrigger({
        frequencies: t.frequencyPattern,
        sampleRate: rate,
        ...(t.durationMs ? { durationMs: t.durationMs } : {}),
      });
      tones.set(key, tone);
    }
    return tone;
  };
  const extra: TriggerEvent[] = [];
  const sounds: { startSample: number; tone: Float32Array }[] = [];
  events.forEach((event, i) => {
    const index = triggers.findIndex((t) => String(t.id) === String(event.triggerId));
    const trigger =
      kind === 'repeat'
        ? triggers[index]
        : triggers[(index + 1 + (i % (triggers.length - 1))) % triggers.length];
    if (!trigger) return;
    const tone = toneOf(trigger);
    const startSample =
      kind === 'repeat'
        ? event.endSample
        : event.startSample + Math.round((event.endSample - event.startSample) / 2);
    sounds.push({ startSample, tone });
    extra.push({
      triggerId: trigger.id,
      startSample,
      endSample: startSample + tone.length,
      startSec: startSample / rate,
      endSec: (startSample + tone.length) / rate,
    });
  });
  return { events: extra, sounds };
}

/** The programme's events that end a second before the stretch read does, in the detector's
 * time: relative to the stretch, and divided by the condition's time factor (speed, tempo). */
export function stretchEvents(
  events: readonly TriggerEvent[],
  from: number,
  samples: number,
  rate: number,
  factor: number,
): TriggerEvent[] {
  const fromSec = from / rate;
  return events
    .filter((e) => e.startSample >= from && e.endSample + rate <= from + samples)
    .map((e) => ({
      ...e,
      startSample: Math.round((e.startSample - from) / factor),
      endSample: Math.round((e.endSample - from) / factor),
      startSec: (e.startSec - fromSec) / factor,
      endSec: (e.endSec - fromSec) / factor,
    }));
}

/** Runs every detector over both programmes (triggered, trigger-free) under one condition. */
export async function runCondition(
  job: ConditionJob,
  log: (line: string) => void,
): Promise<ConditionResult[]> {
  const started = Date.now();
  const manifest = await readJson<CorpusManifest>(join(job.corpusDir, 'manifest.json'));
  const programme = await readJson<TriggeredProgramme>(
    join(job.corpusDir, `${job.programme ?? DEFAULT_PROGRAMME}.json`),
  );
  const spec = conditionSpec(job.condition);
  const tmpDir = join(job.corpusDir, 'tmp');
  await mkdir(tmpDir, { recursive: true });
  // Babble and music noise come from the trigger-free programme's recordings (other clips and
  // offsets than the stretch being scored).
  const ctx = {
    tmpDir,
    seed: job.seed,
    noise: { path: join(job.corpusDir, manifest.quiet.file), clips: manifest.quiet.clips },
  };
  const triggeredFrom = job.triggeredFrom ?? 0;
  const quietFrom = job.quietFrom ?? 0;
  let triggeredInput: ProgrammeInput = {
    path: join(job.corpusDir, programme.file),
    startSample: triggeredFrom,
    samples: job.triggeredSamples,
    sampleRate: manifest.sampleRate,
    clips: programme.clips,
  };
  const quietInput: ProgrammeInput = {
    path: join(job.corpusDir, manifest.quiet.file),
    startSample: quietFrom,
    samples: job.quietSamples,
    sampleRate: manifest.sampleRate,
    clips: manifest.quiet.clips,
  };
  // Speed and tempo conditions move every event: the detector hears it at time / factor.
  // Event times are relative to the stretch read.
  const factor = spec.timeFactor ?? 1;
  const listened =
    job.activeTriggers !== undefined && job.activeTriggers < programme.triggers.length
      ? programme.triggers.slice(0, job.activeTriggers)
      : programme.triggers;
  const listenedIds = new Set(listened.map((t) => String(t.id)));
  const played = stretchEvents(
    programme.events,
    triggeredFrom,
    job.triggeredSamples,
    manifest.sampleRate,
    factor,
  );
  // Overlap and repeat conditions play more triggers over the programme's own.
  const extra =
    spec.extra === undefined
      ? undefined
      : extraTriggers(spec.extra, played, programme.triggers, manifest.sampleRate);
  if (extra) {
    played.push(...extra.events.filter((e) => e.endSample + manifest.sampleRate <= job.triggeredSamples));
    played.sort((a, b) => a.startSec - b.startSec);
  }
  // A listener for fewer triggers than the programme plays is scored on its own triggers' plays.
  const events = played.filter((e) => listenedIds.has(String(e.triggerId)));
  const decoys = generateDecoys(
    Math.max(0, (job.activeTriggers ?? 0) - programme.triggers.length),
    programme.triggers,
    job.seed + 7,
  );
  // Signal conditions: the same programme with its triggers as ultrasonic or combined tones.
  const signal = spec.signal;
  const resignalled = signal ? join(tmpDir, `resignal-${process.pid}-${job.condition}.f32`) : undefined;
  if (signal && resignalled) {
    const within = programme.events.filter(
      (e) => e.startSample >= triggeredFrom && e.endSample <= triggeredFrom + job.triggeredSamples,
    );
    triggeredInput = await resignalStretch(triggeredInput, within, programme.triggers, signal, resignalled);
  }
  const triggers = [...listened, ...decoys].map((t) => (signal ? { ...t, signal } : t));
  const common = {
    sampleRate: spec.outputRate,
    kinds: job.detectors,
    triggers,
    blockSize: job.blockSize,
  };

  const progress = (what: string) => (sec: number) =>
    log(
      `${job.condition}${job.activeTriggers ? ` N=${job.activeTriggers}` : ''}: ${what} ${(sec / 60).toFixed(0)} min`,
    );
  const triggeredRuns = await runDetectors(
    conditionedChunks(job.condition, triggeredInput, extra ? { ...ctx, extras: extra.sounds } : ctx),
    {
      ...common,
      onProgress: progress('triggered'),
    },
  );
  if (resignalled) await rm(resignalled, { force: true });
  const quietRuns = await runDetectors(
    conditionedChunks(job.condition, quietInput, { ...ctx, seed: ctx.seed + 1 }),
    {
      ...common,
      onProgress: progress('trigger-free'),
    },
  );
  const wallSec = (Date.now() - started) / 1000;

  return job.detectors.map((detector, i): ConditionResult => {
    const triggered = triggeredRuns[i];
    const quiet = quietRuns[i];
    if (triggered === undefined || quiet === undefined) throw new Error('detector run missing');
    const s = scoreTriggered(events, triggered.detections);
    const audioSec = (triggered.samples + quiet.samples) / spec.outputRate;
    const quietHours = quiet.samples / spec.outputRate / 3600;
    return {
      condition: job.condition,
      detector,
      activeTriggers: triggers.length,
      events: s.events,
      detected: s.detected,
      detectionRate: s.events === 0 ? 0 : s.detected / s.events,
      wrongEvents: s.wrongEvents,
      wrongTriggerRate: s.events === 0 ? 0 : s.wrongEvents / s.events,
      wrongDetections: s.wrongDetections,
      strayDetections: s.strayDetections,
      quietHours,
      quietFalsePositives: quiet.detections.length,
      falsePositivesPerHour: quietHours === 0 ? 0 : quiet.detections.length / quietHours,
      medianLatencyMs: round(median(s.latenciesMs), 0),
      p90LatencyMs: round(percentile(s.latenciesMs, 90), 0),
      medianReportedOffsetMs: round(median(s.reportedOffsetsMs), 0),
      reportedTiming: summariseReportedTiming(s.reportedTimings, spec.played ?? { speed: 1, tempo: 1 }),
      cpuMsPerSec: (triggered.cpuMicros + quiet.cpuMicros) / 1000 / audioSec,
      audioSec,
      wallSec,
      details: {
        missed: s.missed.slice(0, DETAIL_LIMIT),
        wrong: s.wrong.slice(0, DETAIL_LIMIT),
        late: s.late.slice(0, DETAIL_LIMIT),
        falsePositives: quiet.detections.slice(0, DETAIL_LIMIT).map((d) => ({
          triggerId: d.triggerId,
          atSec: Math.round(d.emittedAtSec * 100) / 100,
          score: d.score,
          // The detector's seconds are the conditioned stream's: a speed or tempo condition plays
          // the programme `factor` times as fast, so the clip is `factor` times further in.
          clip: clipAt(manifest.quiet.clips, quietFrom + d.emittedAtSec * factor * manifest.sampleRate),
        })),
      },
    };
  });
}
