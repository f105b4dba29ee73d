import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { embedTrigger, synthesizeTrigger, writeWav16 } from '@tonemark/audio';

// Real programme audio for the fake microphone. The recordings come from Debian packages the
// audio benchmark also uses (docs/decisions/bench-corpus.md): the Battle for Wesnoth soundtrack
// (GPL-2+) when installed, else Allison Smith's Asterisk prompts (CC-BY-SA-3.0), which `npm test`
// installs itself.
const MUSIC = '/usr/share/games/wesnoth/1.16/data/core/music/traveling_minstrels.ogg';
const SPEECH_DIR = '/usr/share/asterisk/sounds/en_US_f_Allison';

export const PROGRAMME_RATE = 48_000;
/** The benchmark's programme level: every clip at -20 dBFS RMS. */
const PROGRAMME_RMS = 0.1;

export interface TriggerSound {
  frequencyPattern: number[];
  durationMs: number;
  signal: 'audible' | 'ultrasonic' | 'combined' | 'streaming';
}

function decode(args: string[]): Float32Array {
  const raw = execFileSync(
    'ffmpeg',
    ['-v', 'error', ...args, '-ac', '1', '-ar', String(PROGRAMME_RATE), '-f', 'f32le', 'pipe:1'],
    {
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  return new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4).slice();
}

function speechPrompts(): string[] {
  return ['vm-intro', 'conf-onlyperson', 'queue-callswaiting', 'vm-options', 'agent-loginok', 'pbx-invalid']
    .map((name) => path.join(SPEECH_DIR, `${name}.g722`))
    .filter((file) => existsSync(file));
}

/** `seconds` of real music (kind 'music', when installed) or real speech. */
export function programme(
  seconds: number,
  kind: 'music' | 'speech',
): { samples: Float32Array; source: string } {
  let samples: Float32Array;
  let source: string;
  const prompts = speechPrompts();
  if (kind === 'music' && existsSync(MUSIC)) {
    samples = decode(['-ss', '20', '-t', String(seconds), '-i', MUSIC]);
    source = `music: ${path.basename(MUSIC)} (wesnoth-1.16-music)`;
  } else if (prompts.length > 0) {
    const parts = prompts.map((file) => decode(['-f', 'g722', '-i', file]));
    samples = loop(parts, seconds);
    source = 'speech: Asterisk prompts (asterisk-core-sounds-en-g722)';
  } else {
    // `npm test` installs the speech package (scripts/system-deps.mjs); only a hand-run can get here.
    throw new Error(`No real recordings found: apt-get install asterisk-core-sounds-en-g722 (${SPEECH_DIR})`);
  }
  return { samples: atRms(samples.subarray(0, Math.round(seconds * PROGRAMME_RATE)), PROGRAMME_RMS), source };
}

function loop(parts: Float32Array[], seconds: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * PROGRAMME_RATE));
  let at = 0;
  for (let i = 0; at < out.length; i++) {
    const part = parts[i % parts.length] as Float32Array;
    out.set(part.subarray(0, out.length - at), at);
    at += part.length;
  }
  return out;
}

function atRms(samples: Float32Array, target: number): Float32Array {
  let sum = 0;
  for (const value of samples) sum += value * value;
  const rms = Math.sqrt(sum / Math.max(1, samples.length));
  const gain = rms > 0 ? target / rms : 1;
  return samples.map((value) => Math.max(-1, Math.min(1, value * gain)));
}

/** The trigger mixed into the programme by the engine's own embedTrigger (85 % + 15 %) at each offset. */
export function withTriggers(
  samples: Float32Array,
  trigger: TriggerSound,
  offsetsSec: number[],
): Float32Array {
  const tone = synthesizeTrigger({
    frequencies: trigger.frequencyPattern,
    durationMs: trigger.durationMs,
    signal: trigger.signal,
    sampleRate: PROGRAMME_RATE,
  });
  let mixed = samples;
  for (const offset of offsetsSec) mixed = embedTrigger(mixed, tone, Math.round(offset * PROGRAMME_RATE));
  return mixed;
}

/** A 16-bit WAV for Chromium's --use-file-for-fake-audio-capture (which loops it). */
export function writeTempWav(samples: Float32Array, name: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'tonemark-mic-')), name);
  writeFileSync(file, writeWav16(samples, PROGRAMME_RATE));
  return file;
}
