import { writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { repeatedToneAdvice, roomCarryAdvice, synthesizeTrigger, writeWav16 } from '@tonemark/audio';
import { writeAudio } from '@tonemark/ffmpeg';
import { EXIT_OK, UsageError } from '../cli-error.ts';
import { parseFrequencies, parseNumberOption, parseSignal } from '../option-values.ts';
import { requireOption } from '../parse-command-options.ts';
import { type Command, optionsCommand } from './command.ts';

const HELP = `Usage: tonemark synth --freqs F1,F2,F3,F4 [options] -o OUT.wav

Renders a trigger tone file (SPEC §9: tones split equally over the duration, 500-sample fades,
amplitude 0.15).

Options:
  --freqs LIST          comma-separated tone frequencies in Hz, e.g. 1000,1200,1500,1800
  --duration-ms N       total length in milliseconds (default 2000)
  --rate N              sample rate in Hz (default 44100)
  --signal KIND         audible | ultrasonic | combined | streaming (default audible);
                        streaming (13-15.5 kHz) survives MP3/AAC/Opus re-encodes
  -o, --output FILE     output file; .wav is written directly, other extensions go through ffmpeg
  -h, --help            show this help`;

const OPTIONS = {
  freqs: { type: 'string' },
  'duration-ms': { type: 'string' },
  rate: { type: 'string' },
  signal: { type: 'string' },
  output: { type: 'string', short: 'o' },
} as const;

export const synthCommand: Command = optionsCommand({
  name: 'synth',
  summary: 'render a trigger to an audio file',
  help: HELP,
  options: OPTIONS,
  async run(values, io) {
    const frequencies = parseFrequencies(requireOption(values.freqs, '--freqs'));
    const output = requireOption(values.output, '-o/--output');
    const durationMs =
      parseNumberOption(values['duration-ms'], '--duration-ms', { min: 100, max: 60_000 }) ?? 2000;
    const sampleRate =
      parseNumberOption(values.rate, '--rate', { min: 8000, max: 192_000, integer: true }) ?? 44_100;
    const signal = parseSignal(values.signal);
    if (signal !== 'audible' && sampleRate < 44_100) {
      throw new UsageError(`--signal ${signal} needs --rate 44100 or more (tones sit at 17.5-20 kHz)`);
    }
    const tooHigh = signal === 'audible' ? frequencies.find((f) => f >= sampleRate / 2) : undefined;
    if (tooHigh !== undefined)
      throw new UsageError(`--freqs: ${tooHigh} Hz needs --rate above ${2 * tooHigh}`);

    const samples = synthesizeTrigger({ frequencies, durationMs, sampleRate, signal });
    if (extname(output).toLowerCase() === '.wav') {
      await writeFile(output, writeWav16(samples, sampleRate));
    } else {
      await writeAudio({ output, sampleRate, pcm: { kind: 'planar', channels: [samples] } });
    }
    io.out(
      `wrote ${output}: ${frequencies.join(', ')} Hz, ${durationMs} ms, ${signal}, ${sampleRate} Hz (${samples.length} samples)`,
    );
    // Advice, not an error: a low tone is the one a listener across a room misses (room-carry.ts).
    const advice = roomCarryAdvice(frequencies, signal);
    if (advice !== undefined) io.err(`note: ${advice}`);
    // The pattern check's warning, in its one sentence: music matches a repeated tone more often.
    const repeated = repeatedToneAdvice(frequencies, signal);
    if (repeated !== undefined) io.err(`note: ${repeated}`);
    return EXIT_OK;
  },
});
