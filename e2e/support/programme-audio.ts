import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { embedTrigger, synthesizeTrigger, writeWav16 } from '@tonemark/audio';

// Programme audio for the fake microphone. `generatedProgramme` needs nothing installed; the real
// recordings of `programme` (for the false-detection test only) come from Debian packages the
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

/**
 * `seconds` of a programme bed rendered here, with no recording: a slow chord progression below
 * 600 Hz (so its partials stay clear of the trigger bands) over soft noise, at the programme level.
 * The tests that need "some programme under the trigger" use it; only the false-detection test
 * (listener-quiet) keeps real recordings, because real speech and music are its point.
 */
export function generatedProgramme(seconds: number): { samples: Float32Array; source: string } {
  const length = Math.round(seconds * PROGRAMME_RATE);
  const out = new Float32Array(length);
  // C, A minor, F, G: root, third and fifth in the 130-520 Hz octave, two seconds a chord.
  const chords = [
    [130.81, 164.81, 196.0],
    [110.0, 130.81, 164.81],
    [174.61, 220.0, 261.63],
    [196.0, 246.94, 293.66],
  ];
  let seed = 0x2545f491;
  const noise = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 0x100000000 - 0.5;
  };
  let lowPassed = 0;
  for (let i = 0; i < length; i++) {
    const t = i / PROGRAMME_RATE;
    const chord = chords[Math.floor(t / 2) % chords.length] as number[];
    const swell = 0.6 + 0.4 * Math.sin((Math.PI * (t % 2)) / 2);
    let value = 0;
    for (const f of chord) value += Math.sin(2 * Math.PI * f * t) + 0.5 * Math.sin(4 * Math.PI * f * t);
    lowPassed += 0.05 * (noise() - lowPassed);
    out[i] = swell * value + 2 * lowPassed;
  }
  return {
    samples: atRms(out, PROGRAMME_RMS),
    source: 'generated programme: chords below 600 Hz and soft noise',
  };
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

/**
 * The fake microphone of a listener scenario: 9.6 s of generated programme with `trigger` at 0.4,
 * 3.6 and 6.8 s, so one starts within ~3.2 s wherever the loop is when listening starts.
 */
export function triggeredMicrophone(trigger: TriggerSound, name: string): () => string {
  return () => {
    const { samples } = generatedProgramme(9.6);
    return writeTempWav(withTriggers(samples, trigger, [0.4, 3.6, 6.8]), name);
  };
}
