/**
 * npx tsx bench/room-tone-snr.ts [condition] [seconds] [seed] [fromSec]
 *
 * Per-slot tone-to-noise at the microphone in a far-field room (docs/decisions/audio-far-field-rooms.md).
 * The room chain (small loudspeaker, shoebox room) is linear, so the microphone signal minus the
 * embedded triggers alone through the same chain is the interference (noise bed, programme, other
 * tones' tails). Per event and slot: the tone part's power in a 2 Hz bin (Hann over the slot) over
 * the mean interference power in the bins 6-30 Hz either side (what one bin holds on average).
 * Defaults: the 6 m room, the tuning split's first 8 min and seed. Held-out: seed 20252122, from 480.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMBED_TRIGGER_GAIN, synthesizeTrigger } from '@tonemark/audio';
import type { CorpusManifest } from './build-corpus.ts';
import { type ConditionId, conditionedChunks, conditionSpec } from './channel-conditions.ts';
import { exitOnHelp } from './cli-help.ts';
import type { TriggeredProgramme } from './render-triggered-programme.ts';
import { StreamingConvolver } from './room-reverb.ts';
import { SmallLoudspeaker, shoeboxImpulseResponse } from './shoebox-room.ts';

exitOnHelp(import.meta.url);

const dir = join(dirname(fileURLToPath(import.meta.url)), 'corpus');
const condition = (process.argv[2] ?? 'room-1.0s-6m-babble-0db') as ConditionId;
const seconds = Number(process.argv[3] ?? 480);
const seed = Number(process.argv[4] ?? 20_251_122);
const fromSec = Number(process.argv[5] ?? 0);

const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as CorpusManifest;
const programme = JSON.parse(await readFile(join(dir, 'triggered-mixed.json'), 'utf8')) as TriggeredProgramme;
const rate = manifest.sampleRate;
const n = seconds * rate;
const start = fromSec * rate;

async function collect(chunks: AsyncIterable<Float32Array>): Promise<Float32Array> {
  const out = new Float32Array(n);
  let at = 0;
  for await (const chunk of chunks) {
    out.set(chunk.subarray(0, Math.max(0, Math.min(chunk.length, n - at))), at);
    at += chunk.length;
    if (at >= n) break;
  }
  return out;
}

async function* inChunks(samples: Float32Array): AsyncGenerator<Float32Array> {
  for (let i = 0; i < samples.length; i += 65_536) yield samples.subarray(i, i + 65_536);
}

const mic = await collect(
  conditionedChunks(
    condition,
    {
      path: join(dir, programme.file),
      startSample: start,
      samples: n,
      sampleRate: rate,
      clips: programme.clips,
    },
    {
      tmpDir: join(dir, 'tmp'),
      seed,
      noise: { path: join(dir, manifest.quiet.file), clips: manifest.quiet.clips },
    },
  ),
);
const events = programme.events.filter((e) => e.startSample >= start && e.endSample + rate <= start + n);
const patternOf = (id: string | number) =>
  programme.triggers.find((t) => String(t.id) === String(id))?.frequencyPattern ?? [];
const dry = new Float32Array(n);
for (const e of events) {
  const tone = synthesizeTrigger({ frequencies: patternOf(e.triggerId), sampleRate: rate });
  for (let i = 0; i < tone.length; i++)
    dry[e.startSample - start + i] =
      (dry[e.startSample - start + i] as number) + EMBED_TRIGGER_GAIN * (tone[i] as number);
}
const room = conditionSpec(condition).room;
if (!room) throw new Error(`${condition} is not a room condition`);
const shoebox = room.room;
async function* throughRoom(): AsyncGenerator<Float32Array> {
  const speaker = new SmallLoudspeaker(rate);
  const convolver = new StreamingConvolver(shoeboxImpulseResponse({ ...shoebox, seed }, rate));
  for await (const chunk of inChunks(dry)) yield* convolver.push(speaker.process(chunk));
  yield convolver.flush();
}
const tonePart = await collect(throughRoom());
const noise = mic.map((v, i) => v - (tonePart[i] as number));

/** Power at `hz` over `length` samples from `from` (Hann window). */
function binPower(x: Float32Array, from: number, length: number, hz: number): number {
  let re = 0;
  let im = 0;
  const w = (2 * Math.PI * hz) / rate;
  for (let i = 0; i < length; i++) {
    const v = (x[from + i] as number) * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / length));
    re += v * Math.cos(w * i);
    im -= v * Math.sin(w * i);
  }
  return re * re + im * im;
}

const db = (v: number) => 10 * Math.log10(v);
const perSlot: number[] = [];
const gains: number[] = [];
const weakest: number[] = [];
const second: number[] = [];
const gainByHz = new Map<number, number[]>();
for (const e of events) {
  const pattern = patternOf(e.triggerId);
  const slotLength = Math.round((2 / pattern.length) * rate);
  const slots = pattern.map((hz, k) => {
    // 20 ms in: the direct sound's travel time at 6 m is 17 ms.
    const from = e.startSample - start + k * slotLength + Math.round(0.02 * rate);
    const signal = binPower(tonePart, from, slotLength, hz);
    let interference = 0;
    for (let m = 3; m <= 15; m++)
      interference +=
        binPower(noise, from, slotLength, hz - 2 * m) + binPower(noise, from, slotLength, hz + 2 * m);
    const gain = db(signal / binPower(dry, from, slotLength, hz));
    gains.push(gain);
    gainByHz.set(hz, [...(gainByHz.get(hz) ?? []), gain]);
    return db(signal / (interference / 26));
  });
  perSlot.push(...slots);
  const sorted = [...slots].sort((a, b) => a - b);
  weakest.push(sorted[0] as number);
  second.push(sorted[1] as number);
}
const at = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))] as number;
const row = (name: string, values: number[]) =>
  `${name.padEnd(32)} p5 ${at(values, 0.05).toFixed(1)}  p10 ${at(values, 0.1).toFixed(1)}  p25 ${at(values, 0.25).toFixed(1)}  median ${at(values, 0.5).toFixed(1)} dB`;
const share = (values: number[], below: number) =>
  `${((100 * values.filter((v) => v < below).length) / values.length).toFixed(1)} %`;
console.log(
  `${condition}, seed ${seed}, from ${fromSec} s: ${events.length} events, ${perSlot.length} slots`,
);
console.log(row('room gain per tone (wet/dry)', gains));
console.log(row('per-slot tone/noise (2 Hz bin)', perSlot));
console.log(row('weakest slot per event', weakest));
console.log(row('second-weakest slot per event', second));
for (const below of [4, 6, 8])
  console.log(
    `events with 1+ / 2+ slots under ${below} dB: ${share(weakest, below)} / ${share(second, below)}`,
  );
console.log(
  [...gainByHz.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([hz, g]) => `${hz} Hz ${(g.reduce((a, b) => a + b, 0) / g.length).toFixed(0)} dB`)
    .join(', '),
);
