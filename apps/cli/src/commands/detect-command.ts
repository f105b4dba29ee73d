import { createDetector, type Detection, fixedBlocks, LISTENER_BLOCK_SIZE } from '@tonemark/audio';
import { EXIT_OK } from '../cli-error.ts';
import { openMonoStream } from '../media-audio.ts';
import { parseDetectorKind, parseNumberOption } from '../option-values.ts';
import { requireOption } from '../parse-command-options.ts';
import { loadTriggersFile } from '../triggers-file.ts';
import { type Command, optionsCommand } from './command.ts';

// Detectors confirm a pattern shortly after it ends; without this a trigger that ends exactly at
// the end of the file (e.g. a file made by `tonemark synth`) would never be reported.
const END_SILENCE_SEC = 1.5;

const HELP = `Usage: tonemark detect --in MEDIA --triggers triggers.json [options]

Runs a detector over a media file's audio, fed in blocks as the listeners deliver them, and
prints every detection. Times are stream times at which a detection fired (the end of the
pattern plus the detector's latency). At the end of the file ${END_SILENCE_SEC} s of silence is fed,
as a listener would keep hearing, so a trigger right at the end is still reported.

triggers.json is an array of {"id", "frequencyPattern": [Hz, ...], "durationMs"?, "signal"?}.

Options:
  --in FILE             input media file (wav, mp3, m4a/aac, mp4, webm, ...)
  --triggers FILE       the triggers to listen for
  --detector KIND       dual | coherent | robust | spec (default dual: the coherent and
                        the field detector merged; robust is the field detector alone:
                        speed, tempo and overlaps)
  --block-size N        samples per block fed to the detector (default ${LISTENER_BLOCK_SIZE}, the
                        listeners' block)
  --json                print one JSON object per detection per line, and nothing else:
                        {"triggerId", "timeSec", "score", "snrDb", "speed", "tempo"}; snrDb is
                        the quality figure (tone against its neighbourhood, dB), speed and tempo
                        what the detector found (1 = as made). Every key is always there; null
                        where the detector does not measure it (coherent, and dual where
                        only the coherent detector heard it: speed and tempo; spec: all three)
  -h, --help            show this help`;

const OPTIONS = {
  in: { type: 'string' },
  triggers: { type: 'string' },
  detector: { type: 'string' },
  'block-size': { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** The --json line: every field present, in one order, so scripts need not guess which exist. */
export function detectionJson(d: Detection): string {
  return JSON.stringify({
    triggerId: d.triggerId,
    timeSec: d.timeSec,
    score: d.score,
    snrDb: d.snrDb ?? null,
    speed: d.speed ?? null,
    tempo: d.tempo ?? null,
  });
}

function formatDetection(d: Detection): string {
  const extra = [
    `score ${d.score.toFixed(2)}`,
    ...(d.snrDb === undefined ? [] : [`SNR ${d.snrDb.toFixed(1)} dB`]),
    ...(d.speed === undefined ? [] : [`speed ${d.speed.toFixed(4)}`]),
    ...(d.tempo === undefined ? [] : [`tempo ${d.tempo.toFixed(3)}`]),
  ];
  return `trigger ${String(d.triggerId)} at ${d.timeSec.toFixed(2)} s (${extra.join(', ')})`;
}

export const detectCommand: Command = optionsCommand({
  name: 'detect',
  summary: 'find triggers in audio or video',
  help: HELP,
  options: OPTIONS,
  async run(values, io) {
    const input = requireOption(values.in, '--in');
    const triggersPath = requireOption(values.triggers, '--triggers');
    const kind = parseDetectorKind(values.detector);
    const blockSize =
      parseNumberOption(values['block-size'], '--block-size', { min: 32, max: 65_536, integer: true }) ??
      LISTENER_BLOCK_SIZE;
    const json = values.json === true;
    const triggers = await loadTriggersFile(triggersPath);

    const stream = await openMonoStream(input);
    const detector = createDetector(kind, { sampleRate: stream.sampleRate, triggers });
    let samples = 0;
    let count = 0;
    const report = (detections: Detection[]) => {
      for (const detection of detections) {
        count++;
        io.out(json ? detectionJson(detection) : formatDetection(detection));
      }
    };
    for await (const block of fixedBlocks(stream.chunks, blockSize)) {
      samples += block.length;
      report(detector.push(block));
    }
    const silence = new Float32Array(blockSize);
    for (let fed = 0; fed < END_SILENCE_SEC * stream.sampleRate; fed += blockSize)
      report(detector.push(silence));
    if (!json) {
      const seconds = (samples / stream.sampleRate).toFixed(1);
      const found = count === 0 ? 'no triggers detected' : `${count} detection${count === 1 ? '' : 's'}`;
      io.out(
        `${found} in ${seconds} s of audio (${kind} detector, ${triggers.length} trigger${triggers.length === 1 ? '' : 's'})`,
      );
    }
    return EXIT_OK;
  },
});
