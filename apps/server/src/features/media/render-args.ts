import { EMBED_ORIGINAL_GAIN, EMBED_TRIGGER_GAIN, type Signal } from '@tonemark/audio';
import { planReplacementAudio, ultrasonicBandArgs } from '@tonemark/ffmpeg';
import type { ProbedMedia } from './probe-source.ts';

// SPEC §9: 85 % original + 15 % trigger, by amix weights. The weights sum to 1, so amix's own
// normalisation (the only mode of the npm ffmpeg 4.1, the default of 5.1) leaves them exact. The
// tone is padded with silence (apad) so both inputs stay active to the end and the scale never
// changes; the mix ends with the original (duration=first).
const MIX_WEIGHTS = `${EMBED_ORIGINAL_GAIN} ${EMBED_TRIGGER_GAIN}`;
/** Rate of triggers mixed into video without sound. */
const SILENT_TRACK_RATE = 44_100;
/** Ultrasonic tones reach 20 kHz, so the mix needs at least this rate (Nyquist 22.05 kHz). */
const ULTRASONIC_MIN_RATE = 44_100;

export interface RenderJob {
  input: string;
  probed: ProbedMedia;
  /** Temporary output path; its extension picks the container. */
  output: string;
  /** Keep only this part (a segment); without it the whole file is processed. */
  cut?: { startSec: number; durationSec: number };
  /**
   * Mix this tone WAV in, starting `atSec` into the output. It is read inside the filter graph
   * (amovie), not as a second input: with two inputs ffmpeg reads each on its own thread, and
   * the packet queues between them cost about 10 % CPU over a plain re-encode of long media.
   */
  trigger?: { wavPath: string; atSec: number; signal: Signal };
}

function carriesUltrasonic(job: RenderJob): boolean {
  return job.trigger !== undefined && job.trigger.signal !== 'audible';
}

/**
 * The output audio rate: the source's, except that an ultrasonic or combined trigger needs
 * 44.1 kHz, so a source sampled lower is raised to it rather than losing the trigger.
 */
export function outputRate(job: RenderJob): number {
  const rate = job.probed.audio?.sampleRate ?? SILENT_TRACK_RATE;
  return carriesUltrasonic(job) ? Math.max(rate, ULTRASONIC_MIN_RATE) : rate;
}

const fixed = (n: number) => n.toFixed(3);

/**
 * A file path as the value of a filter option inside -filter_complex: escaped once for the
 * option (\ ' :) and once more for the graph (\ ' [ ] , ;), as ffmpeg's "Quoting and escaping"
 * describes, so any DATA_DIR works.
 */
export function filterGraphPath(path: string): string {
  const option = path.replace(/[\\':]/g, '\\$&');
  return option.replace(/[\\'[\],;]/g, '\\$&');
}

/** Upmixes the mono tone to the source's layout: the same tone in every channel, at full level. */
function panToLayout(layout: string, channels: number): string {
  const routes = Array.from({ length: channels }, (_, c) => `c${c}=c0`).join('|');
  return `pan=${layout}|${routes}`;
}

function triggerChain(job: RenderJob, trigger: { wavPath: string; atSec: number }): string {
  const audio = job.probed.audio;
  const rate = outputRate(job);
  const channels = audio?.channels ?? 2;
  const layout = audio?.layout ?? 'stereo';
  const delayMs = fixed(trigger.atSec * 1000);
  const delays = Array.from({ length: channels }, () => delayMs).join('|');
  const tone = `amovie=${filterGraphPath(trigger.wavPath)}`;
  return `${tone},aresample=${rate},${panToLayout(layout, channels)},adelay=${delays},apad`;
}

function filterGraph(job: RenderJob): string | undefined {
  if (!job.trigger) return undefined;
  const chain = triggerChain(job, job.trigger);
  if (!job.probed.audio) {
    // A video without sound: the trigger (at its 15 % level) becomes the soundtrack.
    const length = job.cut?.durationSec ?? job.probed.durationSec;
    return `${chain},atrim=end=${fixed(length)},volume=${EMBED_TRIGGER_GAIN}[mixed]`;
  }
  const rate = outputRate(job);
  const raised = job.probed.audio.sampleRate !== rate;
  const raise = raised ? `[0:a:0]aresample=${rate}[source];` : '';
  const source = raised ? '[source]' : '[0:a:0]';
  return `${raise}${chain}[tone];${source}[tone]amix=inputs=2:duration=first:dropout_transition=0:weights=${MIX_WEIGHTS}[mixed]`;
}

function videoArgs(job: RenderJob): string[] {
  if (job.probed.fileType === 'audio') {
    // Cover art rides along on whole files; a cut drops it (a picture has no time range).
    return job.cut ? ['-vn'] : ['-map', '0:v?', '-c:v', 'copy'];
  }
  if (!job.cut) return ['-map', '0:v', '-c:v', 'copy', '-map', '0:s?', '-c:s', 'copy'];
  // A cut is re-encoded so it starts on the requested frame, not on the keyframe before it.
  if (job.output.endsWith('.webm')) {
    return [
      '-map',
      '0:v:0',
      '-c:v',
      'libvpx-vp9',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-crf',
      '32',
      '-b:v',
      '0',
    ];
  }
  return ['-map', '0:v:0', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'];
}

function audioArgs(job: RenderJob): string[] {
  const hasTrack = job.probed.audio !== undefined || job.trigger !== undefined;
  if (!hasTrack) return ['-an'];
  const args = job.trigger ? ['-map', '[mixed]'] : ['-map', '0:a:0'];
  // A silent source has no bitrate to keep: the codec's default is used.
  const plan = planReplacementAudio(job.probed.audio ? job.probed.info : undefined, job.input, job.output);
  args.push('-c:a', plan.codec);
  if (plan.bitRate !== undefined) args.push('-b:a', String(plan.bitRate));
  // MP3 and AAC would low-pass the ultrasonic band away at any usual bitrate.
  if (carriesUltrasonic(job)) args.push(...ultrasonicBandArgs(plan.codec));
  // Keep the source rate unless an ultrasonic trigger needs more (libopus only takes its own
  // rates, and Opus is 48 kHz anyway).
  if (plan.codec !== 'libopus') args.push('-ar', String(outputRate(job)));
  return args;
}

/**
 * The one ffmpeg command behind embed, process-segment and extract-segment. ffmpeg reads, mixes
 * and writes in streaming fashion, so memory stays flat however long the media is.
 */
export function renderArgs(job: RenderJob): string[] {
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];
  if (job.cut) args.push('-ss', fixed(job.cut.startSec), '-t', fixed(job.cut.durationSec));
  args.push('-i', job.input);
  const graph = filterGraph(job);
  if (graph) args.push('-filter_complex', graph);
  args.push(...videoArgs(job), ...audioArgs(job));
  args.push('-map_metadata', '0', job.output);
  return args;
}
