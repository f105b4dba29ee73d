import { writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import {
  codecSurvivalWarning,
  embedTrigger,
  offsetToSamples,
  repeatedToneAdvice,
  roomCarryAdvice,
  synthesizeTrigger,
  writeWav16,
} from '@tonemark/audio';
import { audioEncoderForPath, planReplacementAudio, replaceAudio } from '@tonemark/ffmpeg';
import { EXIT_OK, UsageError } from '../cli-error.ts';
import { readPlanarAudio } from '../media-audio.ts';
import { parseFrequencies, parseNumberOption, parsePosition, parseSignal } from '../option-values.ts';
import { requireOption } from '../parse-command-options.ts';
import { type Command, optionsCommand } from './command.ts';

const HELP = `Usage: tonemark embed --in MEDIA --freqs F1,F2,F3,F4 --at SECONDS [options]

Mixes a trigger into a media file's audio (85 % original, 15 % trigger, SPEC §9) and writes a
new file. Video streams are copied untouched; the audio is re-encoded with the container's usual
codec at the original bitrate where known. Supports wav, mp3, m4a/aac, mp4, webm (and mov, mkv,
ogg, opus, flac).

Options:
  --in FILE             input media file
  --freqs LIST          comma-separated tone frequencies in Hz, e.g. 1000,1200,1500,1800
  --at POSITION         where the trigger starts: seconds (12.5) or a share of the duration (50%)
  --duration-ms N       trigger length in milliseconds (default 2000)
  --signal KIND         audible | ultrasonic | combined | streaming (default audible);
                        streaming (13-15.5 kHz) survives MP3/AAC/Opus re-encodes
  -o, --output FILE     output file (default: <name>.tonemark.<ext> beside the input)
  -h, --help            show this help`;

const OPTIONS = {
  in: { type: 'string' },
  freqs: { type: 'string' },
  at: { type: 'string' },
  'duration-ms': { type: 'string' },
  signal: { type: 'string' },
  output: { type: 'string', short: 'o' },
} as const;

export function defaultEmbedOutput(input: string): string {
  const ext = extname(input);
  return join(dirname(input), `${basename(input, ext)}.tonemark${ext}`);
}

export const embedCommand: Command = optionsCommand({
  name: 'embed',
  summary: 'mix a trigger into audio or video (video copied untouched)',
  help: HELP,
  options: OPTIONS,
  async run(values, io) {
    const input = requireOption(values.in, '--in');
    const frequencies = parseFrequencies(requireOption(values.freqs, '--freqs'));
    const position = parsePosition(requireOption(values.at, '--at'));
    const durationMs =
      parseNumberOption(values['duration-ms'], '--duration-ms', { min: 100, max: 60_000 }) ?? 2000;
    const signal = parseSignal(values.signal);
    const output = values.output ?? defaultEmbedOutput(input);
    if (resolve(output) === resolve(input)) throw new UsageError('output must differ from the input file');
    // Fail on an unwritable container before spending time decoding.
    audioEncoderForPath(output);

    const audio = await readPlanarAudio(input);
    const { sampleRate, channels } = audio;
    const totalSamples = channels[0]?.length ?? 0;
    if (totalSamples === 0) throw new UsageError(`${input} has no audio samples`);
    if (signal !== 'audible' && sampleRate < 44_100) {
      throw new UsageError(
        `${input} is sampled at ${sampleRate} Hz; a ${signal} trigger needs 44100 Hz or more`,
      );
    }
    const trigger = synthesizeTrigger({ frequencies, durationMs, sampleRate, signal });
    const offset = offsetToSamples(position, totalSamples, sampleRate, trigger.length);
    const mixed = channels.map((channel) => embedTrigger(channel, trigger, offset));

    let codecNote = 'pcm_s16le';
    if (extname(output).toLowerCase() === '.wav') {
      await writeFile(output, writeWav16(mixed, sampleRate));
    } else {
      const plan = planReplacementAudio(audio.info, input, output);
      // The measured codec table (issue 9): which signal survives which codec and bitrate.
      const warning = codecSurvivalWarning(signal, plan.codec, plan.bitRate);
      if (warning !== undefined) io.err(warning);
      const written = await replaceAudio({
        input,
        output,
        channels: mixed,
        sampleRate,
        keepUltrasonic: signal !== 'audible',
        ...(audio.info === undefined ? {} : { info: audio.info }),
      });
      const kbps = written.bitRate === undefined ? '' : ` ${Math.round(written.bitRate / 1000)} kb/s`;
      codecNote = `${written.codec}${kbps}`;
    }
    const hasVideo = audio.info?.streams.some((s) => s.kind === 'video' && !s.isAttachedPicture) === true;
    const atSec = offset / sampleRate;
    io.out(
      `wrote ${output}: trigger ${frequencies.join(', ')} Hz (${durationMs} ms, ${signal}) at ${atSec.toFixed(3)} s, audio ${codecNote}${hasVideo ? ', video copied' : ''}`,
    );
    if (trigger.length > totalSamples) {
      io.err(`warning: ${input} is shorter than the trigger; the audio was padded with silence to fit it`);
    }
    // Advice, not an error: a low tone is the one a listener across a room misses (room-carry.ts).
    const advice = roomCarryAdvice(frequencies, signal);
    if (advice !== undefined) io.err(`note: ${advice}`);
    // The pattern check's warning, in its one sentence: music matches a repeated tone more often.
    const repeated = repeatedToneAdvice(frequencies, signal);
    if (repeated !== undefined) io.err(`note: ${repeated}`);
    return EXIT_OK;
  },
});
