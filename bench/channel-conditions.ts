import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { EMBED_TRIGGER_GAIN } from '@tonemark/audio';
import { decodeAudioChunks, lastErrorLine, runToolForText } from '@tonemark/ffmpeg';
import type { CorpusClip } from './build-corpus.ts';
import { readF32 } from './f32-files.ts';
import { NoiseBed, type NoiseSource } from './noise-beds.ts';
import { PinkNoise } from './pink-noise.ts';
import type { PlayedTiming } from './reported-timing.ts';
import { roomImpulseResponse, StreamingConvolver } from './room-reverb.ts';
import { type ShoeboxRoom, SmallLoudspeaker, shoeboxImpulseResponse } from './shoebox-room.ts';

export type ConditionId =
  | 'clean'
  | 'resample-48k'
  | 'mp3-128k'
  | 'mp3-64k'
  | 'aac-128k'
  | 'reverb'
  | 'noise-20db'
  | 'noise-10db'
  | 'noise-0db'
  | 'gain+6db'
  | 'gain-6db'
  | 'speed-0.95'
  | 'speed-0.98'
  | 'speed-1.002'
  | 'speed-1.02'
  | 'speed-1.05'
  | 'speed-0.95-ultrasonic'
  | 'speed-1.002-ultrasonic'
  | 'speed-1.05-ultrasonic'
  | 'speed-0.95-combined'
  | 'speed-1.05-combined'
  | 'tempo-0.8'
  | 'tempo-1.25'
  | 'tempo-0.9'
  | 'tempo-1.1'
  | 'tempo-0.8-rubberband'
  | 'tempo-1.25-rubberband'
  | 'room-0.4s-1m'
  | 'room-0.6s-3m-babble-0db'
  | 'room-0.6s-3m-music-0db'
  | 'room-1.0s-6m-babble-0db'
  | 'overlap-half'
  | 'repeat-back-to-back';

export interface ConditionSpec {
  id: ConditionId;
  description: string;
  /** Rate the detector receives. */
  outputRate: number;
  /** How much faster the programme's time runs (speed x tempo): event times are divided by it. */
  timeFactor?: number;
  /** The speed and tempo the triggers are played at, where not 1 (what a detection should report). */
  played?: PlayedTiming;
  /** ffmpeg audio filter that makes the condition. */
  filter?: string;
  /** Extra triggers played over the programme's own: a different one starting halfway through
   * each (overlap), or the same one again right after it ends (repeat). */
  extra?: 'overlap-half' | 'repeat';
  /** The programme's triggers embedded as this signal type instead of audible tones. */
  signal?: 'ultrasonic' | 'combined';
  /** Far field: a small loudspeaker in a simulated room, with noise at the microphone. */
  room?: { room: Omit<ShoeboxRoom, 'seed'>; noise?: 'babble' | 'music'; snrDb?: number };
}

const roomCondition = (
  id: ConditionId,
  room: Omit<ShoeboxRoom, 'seed'>,
  noise?: 'babble' | 'music',
  snrDb = 0,
): ConditionSpec => ({
  id,
  description:
    `small loudspeaker (high-pass 250 Hz) in a ${room.size.join(' x ')} m room, RT60 ${room.rt60Sec} s, ` +
    `microphone at ${room.distanceM} m (image-source early reflections + diffuse tail)` +
    (noise
      ? `, ${noise === 'babble' ? '6-talker babble' : 'music'} at ${snrDb} dB SNR at the microphone`
      : ''),
  outputRate: 44_100,
  room: { room, ...(noise ? { noise, snrDb } : {}) },
});

const speedCondition = (speed: number, signal?: 'ultrasonic' | 'combined'): ConditionSpec => ({
  id: `speed-${speed}${signal ? `-${signal}` : ''}` as ConditionId,
  description:
    `played ${speed}x fast, pitch and time together (ffmpeg asetrate + aresample)` +
    (signal ? `, triggers embedded as ${signal}` : ''),
  outputRate: 44_100,
  timeFactor: speed,
  played: { speed, tempo: 1 },
  filter: `asetrate=${44_100 * speed},aresample=44100`,
  ...(signal ? { signal } : {}),
});

const tempoCondition = (tempo: number): ConditionSpec => ({
  id: `tempo-${tempo}` as ConditionId,
  description: `tempo ${tempo}x, pitch kept (ffmpeg atempo, WSOLA)`,
  outputRate: 44_100,
  timeFactor: tempo,
  played: { speed: 1, tempo },
  filter: `atempo=${tempo}`,
});

/** The same tempo by a phase vocoder (Rubber Band) instead of WSOLA: players differ in stretcher. */
const rubberbandCondition = (tempo: number): ConditionSpec => ({
  id: `tempo-${tempo}-rubberband` as ConditionId,
  description: `tempo ${tempo}x, pitch kept (ffmpeg rubberband, phase vocoder)`,
  outputRate: 44_100,
  timeFactor: tempo,
  played: { speed: 1, tempo },
  filter: `rubberband=tempo=${tempo}`,
});

export const CONDITIONS: readonly ConditionSpec[] = [
  { id: 'clean', description: 'as mixed, 44.1 kHz', outputRate: 44_100 },
  { id: 'resample-48k', description: '44.1 -> 48 kHz (ffmpeg aresample)', outputRate: 48_000 },
  { id: 'mp3-128k', description: 'MP3 128 kb/s encode + decode (libmp3lame)', outputRate: 44_100 },
  { id: 'mp3-64k', description: 'MP3 64 kb/s encode + decode (libmp3lame)', outputRate: 44_100 },
  { id: 'aac-128k', description: 'AAC-LC 128 kb/s encode + decode (ffmpeg aac, .m4a)', outputRate: 44_100 },
  {
    id: 'reverb',
    description: 'room reverb: convolution, RT60 0.4 s, direct/reverb 0 dB',
    outputRate: 44_100,
  },
  { id: 'noise-20db', description: 'pink noise at 20 dB SNR', outputRate: 44_100 },
  { id: 'noise-10db', description: 'pink noise at 10 dB SNR', outputRate: 44_100 },
  { id: 'noise-0db', description: 'pink noise at 0 dB SNR', outputRate: 44_100 },
  { id: 'gain+6db', description: '+6 dB gain, clipped at full scale', outputRate: 44_100 },
  { id: 'gain-6db', description: '-6 dB gain', outputRate: 44_100 },
  speedCondition(0.95),
  speedCondition(0.98),
  speedCondition(1.002),
  speedCondition(1.02),
  speedCondition(1.05),
  speedCondition(0.95, 'ultrasonic'),
  speedCondition(1.002, 'ultrasonic'),
  speedCondition(1.05, 'ultrasonic'),
  speedCondition(0.95, 'combined'),
  speedCondition(1.05, 'combined'),
  tempoCondition(0.8),
  tempoCondition(1.25),
  tempoCondition(0.9),
  tempoCondition(1.1),
  rubberbandCondition(0.8),
  rubberbandCondition(1.25),
  roomCondition('room-0.4s-1m', { size: [5, 4, 2.6], rt60Sec: 0.4, distanceM: 1 }),
  roomCondition('room-0.6s-3m-babble-0db', { size: [5, 4, 2.6], rt60Sec: 0.6, distanceM: 3 }, 'babble'),
  roomCondition('room-0.6s-3m-music-0db', { size: [5, 4, 2.6], rt60Sec: 0.6, distanceM: 3 }, 'music'),
  roomCondition('room-1.0s-6m-babble-0db', { size: [9, 6, 3], rt60Sec: 1.0, distanceM: 6 }, 'babble'),
  {
    id: 'overlap-half',
    description: 'a second, different trigger starts halfway through each one (both must fire)',
    outputRate: 44_100,
    extra: 'overlap-half',
  },
  {
    id: 'repeat-back-to-back',
    description: 'each trigger is played twice, the second right after the first ends (two detections)',
    outputRate: 44_100,
    extra: 'repeat',
  },
];

export function conditionSpec(id: string): ConditionSpec {
  const spec = CONDITIONS.find((c) => c.id === id);
  if (spec === undefined)
    throw new Error(`unknown condition ${id} (known: ${CONDITIONS.map((c) => c.id).join(', ')})`);
  return spec;
}

/** A 44.1 kHz mono f32 programme file, possibly cut short (--quick) or started later (--split). */
export interface ProgrammeInput {
  path: string;
  /** First sample read (default 0). */
  startSample?: number;
  samples: number;
  sampleRate: number;
  clips: CorpusClip[];
}

export interface ConditionContext {
  tmpDir: string;
  seed: number;
  /** Recordings the far-field conditions take their babble and music noise from. */
  noise: NoiseSource;
  /** Extra trigger sounds to add (overlap and repeat conditions), by programme sample. */
  extras?: { startSample: number; tone: Float32Array }[];
}

const RAW_INPUT = (input: ProgrammeInput) => [
  '-f',
  'f32le',
  '-ar',
  String(input.sampleRate),
  '-ac',
  '1',
  '-ss',
  ((input.startSample ?? 0) / input.sampleRate).toFixed(6),
  '-t',
  (input.samples / input.sampleRate).toFixed(6),
];

const readInput = (input: ProgrammeInput) =>
  readF32(input.path, { startSample: input.startSample ?? 0, maxSamples: input.samples });

async function* throughCodec(
  input: ProgrammeInput,
  ctx: ConditionContext,
  file: string,
  codecArgs: readonly string[],
): AsyncGenerator<Float32Array> {
  const encoded = join(ctx.tmpDir, file);
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    ...RAW_INPUT(input),
    '-i',
    input.path,
    ...codecArgs,
    encoded,
  ];
  const { code, stderr } = await runToolForText('ffmpeg', args);
  if (code !== 0) throw new Error(`ffmpeg encode failed: ${lastErrorLine(stderr)}`);
  try {
    for await (const [plane] of decodeAudioChunks(encoded, {
      layout: 'mono',
      sampleRate: input.sampleRate,
    })) {
      if (plane !== undefined) yield plane;
    }
  } finally {
    await rm(encoded, { force: true });
  }
}

async function* resampled(
  input: ProgrammeInput,
  rate: number,
  filter?: string,
): AsyncGenerator<Float32Array> {
  const chunks = decodeAudioChunks(input.path, {
    layout: 'mono',
    sampleRate: rate,
    inputFormat: 'f32le',
    inputArgs: RAW_INPUT(input).slice(2),
    ...(filter ? { filter } : {}),
  });
  for await (const [plane] of chunks) if (plane !== undefined) yield plane;
}

async function* mapSamples(
  input: ProgrammeInput,
  fn: (value: number, index: number) => number,
): AsyncGenerator<Float32Array> {
  let index = input.startSample ?? 0;
  for await (const chunk of readInput(input)) {
    const out = new Float32Array(chunk.length);
    for (let i = 0; i < chunk.length; i++, index++) out[i] = fn(chunk[i] as number, index);
    yield out;
  }
}

/**
 * Noise relative to the mixed signal: each programme clip (one 45 s stretch of speech or music)
 * gets pink noise at the given SNR below that clip's own RMS, as a listener in a noisy room hears
 * quiet and loud programmes alike.
 */
function withNoise(input: ProgrammeInput, snrDb: number, seed: number): AsyncGenerator<Float32Array> {
  const noise = new PinkNoise(seed);
  const clips = [...input.clips].sort((a, b) => a.start - b.start);
  let clip = 0;
  let level = 0;
  let levelEnd = -1;
  return mapSamples(input, (v, i) => {
    if (i >= levelEnd) {
      while (
        clip < clips.length - 1 &&
        i >= (clips[clip] as CorpusClip).start + (clips[clip] as CorpusClip).length
      )
        clip++;
      const current = clips[clip] as CorpusClip;
      level = current.rms / 10 ** (snrDb / 20);
      levelEnd = current.start + current.length;
    }
    return v + level * noise.next();
  });
}

async function* withReverb(input: ProgrammeInput, seed: number): AsyncGenerator<Float32Array> {
  const ir = roomImpulseResponse({ sampleRate: input.sampleRate, rt60Sec: 0.4, directToReverbDb: 0, seed });
  const convolver = new StreamingConvolver(ir);
  for await (const chunk of readInput(input)) {
    for (const out of convolver.push(chunk)) yield out;
  }
  yield convolver.flush();
}

/**
 * Far field: the programme through a small loudspeaker and a simulated room, then noise added at
 * the microphone at an SNR relative to each programme clip as heard there.
 */
export async function* inRoom(
  input: ProgrammeInput,
  ctx: ConditionContext,
  spec: NonNullable<ConditionSpec['room']>,
): AsyncGenerator<Float32Array> {
  const speaker = new SmallLoudspeaker(input.sampleRate);
  const convolver = new StreamingConvolver(
    shoeboxImpulseResponse({ ...spec.room, seed: ctx.seed }, input.sampleRate),
  );
  const bed = spec.noise ? await NoiseBed.load(ctx.noise, spec.noise, ctx.seed) : undefined;
  const clips = [...input.clips].sort((a, b) => a.start - b.start);
  let clip = 0;
  let index = input.startSample ?? 0;
  const addNoise = (chunk: Float32Array): Float32Array => {
    if (!bed) return chunk;
    for (let i = 0; i < chunk.length; i++, index++) {
      while (
        clip < clips.length - 1 &&
        index >= (clips[clip] as CorpusClip).start + (clips[clip] as CorpusClip).length
      )
        clip++;
      const level = (clips[clip]?.rms ?? 0.1) / 10 ** ((spec.snrDb ?? 0) / 20);
      chunk[i] = (chunk[i] as number) + level * bed.next();
    }
    return chunk;
  };
  for await (const chunk of readInput(input)) {
    for (const out of convolver.push(speaker.process(chunk))) yield addNoise(out);
  }
  yield addNoise(convolver.flush());
}

/** The programme with extra trigger sounds added at the SPEC embed level (15 %). */
async function* withExtras(input: ProgrammeInput, ctx: ConditionContext): AsyncGenerator<Float32Array> {
  const extras = [...(ctx.extras ?? [])].sort((a, b) => a.startSample - b.startSample);
  let at = 0;
  for await (const chunk of readInput(input)) {
    const out = Float32Array.from(chunk);
    for (const { startSample, tone } of extras) {
      if (startSample >= at + out.length || startSample + tone.length <= at) continue;
      const from = Math.max(at, startSample);
      const to = Math.min(at + out.length, startSample + tone.length);
      for (let i = from; i < to; i++) {
        out[i - at] = (out[i - at] as number) + EMBED_TRIGGER_GAIN * (tone[i - startSample] as number);
      }
    }
    at += out.length;
    yield out;
  }
}

/** The programme as a listener's device would receive it under one channel condition. */
export function conditionedChunks(
  id: ConditionId,
  input: ProgrammeInput,
  ctx: ConditionContext,
): AsyncIterable<Float32Array> {
  const spec = conditionSpec(id);
  if (spec.filter !== undefined) return resampled(input, 44_100, spec.filter);
  if (spec.room !== undefined) return inRoom(input, ctx, spec.room);
  if (spec.extra !== undefined) return withExtras(input, ctx);
  switch (id) {
    case 'clean':
      return readInput(input);
    case 'resample-48k':
      return resampled(input, 48_000);
    case 'mp3-128k':
      return throughCodec(input, ctx, `${process.pid}-128.mp3`, ['-c:a', 'libmp3lame', '-b:a', '128k']);
    case 'mp3-64k':
      return throughCodec(input, ctx, `${process.pid}-64.mp3`, ['-c:a', 'libmp3lame', '-b:a', '64k']);
    case 'aac-128k':
      return throughCodec(input, ctx, `${process.pid}-128.m4a`, ['-c:a', 'aac', '-b:a', '128k']);
    case 'reverb':
      return withReverb(input, ctx.seed);
    case 'noise-20db':
      return withNoise(input, 20, ctx.seed);
    case 'noise-10db':
      return withNoise(input, 10, ctx.seed);
    case 'noise-0db':
      return withNoise(input, 0, ctx.seed);
    case 'gain+6db':
      return mapSamples(input, (v) => Math.max(-1, Math.min(1, v * 10 ** (6 / 20))));
    case 'gain-6db':
      return mapSamples(input, (v) => v * 10 ** (-6 / 20));
    default:
      throw new Error(`condition ${id} has no filter`);
  }
}
