import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createDetector, type Detection } from '@tonemark/audio';
import { decodeAudioChunks } from '@tonemark/ffmpeg';
import type { TriggerSignal } from '@tonemark/shared';

const DETECT_RATE = 44_100;
/** The robust detector reports a trigger a little after its end (it waits for the peak to hold). */
const DETECTOR_HOLD_SEC = 0.08;

export interface TriggerForDetection {
  id: number;
  frequencyPattern: number[];
  durationMs: number;
  signal: TriggerSignal;
}

/** Streams a media file through the robust detector; returns where each detected trigger started. */
export async function detectTriggerStarts(
  file: string,
  trigger: TriggerForDetection,
): Promise<{ startSec: number; detection: Detection }[]> {
  const detector = createDetector('robust', {
    sampleRate: DETECT_RATE,
    triggers: [
      {
        id: trigger.id,
        frequencyPattern: trigger.frequencyPattern,
        durationMs: trigger.durationMs,
        signal: trigger.signal,
      },
    ],
  });
  const found: Detection[] = [];
  const block = 441;
  for await (const [mono] of decodeAudioChunks(file, { layout: 'mono', sampleRate: DETECT_RATE })) {
    if (!mono) continue;
    // Small blocks: a detection's time is the end of the block it fired in.
    for (let at = 0; at < mono.length; at += block)
      found.push(...detector.push(mono.subarray(at, at + block)));
  }
  return found.map((detection) => ({
    detection,
    startSec: detection.timeSec - trigger.durationMs / 1000 - DETECTOR_HOLD_SEC,
  }));
}

/** Files in a folder, hidden ones included (a leftover partial file must fail the test too). */
export function filesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * Files left in DATA_DIR/tmp, inside every process's run folder, without the folders' owner
 * markers: what a finished or refused request must leave empty.
 */
export function tempFilesIn(dataDir: string): string[] {
  const tmp = path.join(dataDir, 'tmp');
  return filesIn(tmp).flatMap((name) =>
    name.startsWith('run-') ? filesIn(path.join(tmp, name)).filter((f) => f !== '.owner') : [name],
  );
}

export function mediaDirs(dataDir: string) {
  return { media: path.join(dataDir, 'media'), tmp: path.join(dataDir, 'tmp') };
}
