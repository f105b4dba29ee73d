import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DetectorKind } from '@tonemark/audio';
import type { CorpusManifest } from './build-corpus.ts';
import {
  type ConditionId,
  conditionedChunks,
  conditionSpec,
  type ProgrammeInput,
} from './channel-conditions.ts';
import { type ConditionResult, DETAIL_LIMIT } from './condition-result.ts';
import type { TriggeredProgramme } from './render-triggered-programme.ts';
import { runDetectors } from './run-detectors.ts';
import { median, percentile, scoreTriggered } from './score-detections.ts';

export interface ConditionJob {
  condition: ConditionId;
  detectors: DetectorKind[];
  blockSize: number;
  corpusDir: string;
  triggeredSamples: number;
  quietSamples: number;
  seed: number;
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

/** Runs every detector over both programmes (triggered, trigger-free) under one condition. */
export async function runCondition(
  job: ConditionJob,
  log: (line: string) => void,
): Promise<ConditionResult[]> {
  const started = Date.now();
  const manifest = await readJson<CorpusManifest>(join(job.corpusDir, 'manifest.json'));
  const programme = await readJson<TriggeredProgramme>(join(job.corpusDir, 'triggered-mixed.json'));
  const spec = conditionSpec(job.condition);
  const tmpDir = join(job.corpusDir, 'tmp');
  await mkdir(tmpDir, { recursive: true });
  const ctx = { tmpDir, seed: job.seed };
  const triggeredInput: ProgrammeInput = {
    path: join(job.corpusDir, programme.file),
    samples: job.triggeredSamples,
    sampleRate: manifest.sampleRate,
    clips: programme.clips,
  };
  const quietInput: ProgrammeInput = {
    path: join(job.corpusDir, manifest.quiet.file),
    samples: job.quietSamples,
    sampleRate: manifest.sampleRate,
    clips: manifest.quiet.clips,
  };
  const events = programme.events.filter((e) => e.endSample + manifest.sampleRate <= job.triggeredSamples);
  const common = {
    sampleRate: spec.outputRate,
    kinds: job.detectors,
    triggers: programme.triggers,
    blockSize: job.blockSize,
  };

  const progress = (what: string) => (sec: number) =>
    log(`${job.condition}: ${what} ${(sec / 60).toFixed(0)} min`);
  const triggeredRuns = await runDetectors(conditionedChunks(job.condition, triggeredInput, ctx), {
    ...common,
    onProgress: progress('triggered'),
  });
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
      cpuMsPerSec: (triggered.cpuMicros + quiet.cpuMicros) / 1000 / audioSec,
      audioSec,
      wallSec,
      details: {
        missed: s.missed.slice(0, DETAIL_LIMIT),
        wrong: s.wrong.slice(0, DETAIL_LIMIT),
        falsePositives: quiet.detections.slice(0, DETAIL_LIMIT).map((d) => ({
          triggerId: d.triggerId,
          atSec: Math.round(d.emittedAtSec * 100) / 100,
          score: d.score,
          clip: clipAt(manifest.quiet.clips, d.emittedAtSec * manifest.sampleRate),
        })),
      },
    };
  });
}
