/**
 * npx tsx bench/chance-fit-classes.ts RUN.jsonl[@DECOY_SEED[:SECONDS]] ... [--min-db 9.91] [--no-repeat]
 *   [--only PROPERTY]
 *
 * Chance-fit rates per pattern by a property of the pattern (harm18, docs/decisions/
 * audio-shared-sound-pairs.md "A repeated tone draws chance fits"). Reads the JSON lines of
 * `bench/chance-fit-probe.ts --which quiet --triggers 3000` runs (one file per run, with the
 * `--decoy-seed` it was run with and the seconds it read, default 0:600), redraws that run's
 * patterns (the default programme's 24 and the decoys, as the probe draws them), counts one chance
 * fit per pattern and 3 s (its best reading), and prints for each property the patterns with and
 * without it: fits, fits per pattern-hour, the share of patterns with a fit, and the rate ratio
 * with a 95 % interval (log-normal, counts treated as Poisson: fits of one pattern on one passage
 * are not independent, so the share of patterns fitted is given beside it). `--min-db` counts only
 * readings at or over that decision level; `--no-repeat` leaves out patterns with a repeated
 * tone, to compare the other properties without it; `--only` keeps the patterns with that
 * property (a name as printed, e.g. `suggest gap`), to compare others within it. A diagnosis tool: its figures are not checked.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { keepsToneGap, ROOM_CARRY_MIN_HZ, semitonesApart } from '@tonemark/audio';
import { exitOnHelp } from './cli-help.ts';
import { splitSeed } from './corpus-split.ts';
import { DEFAULT_PROGRAMME, type TriggeredProgramme } from './render-triggered-programme.ts';
import { generateDecoys } from './trigger-set.ts';

exitOnHelp(import.meta.url);

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'min-db': { type: 'string' }, 'no-repeat': { type: 'boolean' }, only: { type: 'string' } },
});

/** Simple frequency ratios (music's intervals and a note's first partials), read within 0.5 %. */
const RATIOS: readonly [string, number][] = [
  ['2:1', 2],
  ['3:2', 3 / 2],
  ['4:3', 4 / 3],
  ['5:4', 5 / 4],
  ['3:1', 3],
  ['5:3', 5 / 3],
];
const RATIO_TOLERANCE = 0.005;

/** The properties one pattern has (each name read as yes or no). */
function properties(tones: readonly number[]): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const [name] of RATIOS) {
    out[`any ${name}`] = false;
    out[`adjacent ${name}`] = false;
  }
  let closest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < tones.length; i++)
    for (let j = i + 1; j < tones.length; j++) {
      const a = tones[i] as number;
      const b = tones[j] as number;
      closest = Math.min(closest, semitonesApart(a, b));
      const ratio = Math.max(a, b) / Math.min(a, b);
      for (const [name, r] of RATIOS)
        if (Math.abs(ratio / r - 1) <= RATIO_TOLERANCE) {
          out[`any ${name}`] = true;
          if (j === i + 1) out[`adjacent ${name}`] = true;
        }
    }
  const simple = ['2:1', '3:2', '4:3', '5:4'];
  out['simple ratio'] = simple.some((n) => out[`any ${n}`]);
  out['simple ratio adjacent'] = simple.some((n) => out[`adjacent ${n}`]);
  // All four on one harmonic series of a fundamental >= 250 Hz.
  out['one series'] = tones.some((f) =>
    [1, 2, 3, 4, 5, 6, 7, 8].some((n) => {
      const f0 = f / n;
      return (
        f0 >= 250 && tones.every((x) => Math.abs(x / f0 - Math.round(x / f0)) <= RATIO_TOLERANCE * (x / f0))
      );
    }),
  );
  out['repeated tone'] = closest === 0;
  out['close < 1.5 st'] = closest > 0 && closest < 1.5;
  out['close < 1 st'] = closest > 0 && closest < 1;
  // The sets the product's Suggest draws (tone-gap.ts): any two tones >= 1.5 semitones apart,
  // and the room-carry limit (room-carry.ts, 700 Hz).
  out['suggest gap'] = keepsToneGap(tones);
  out['lowest >= 700 Hz'] = Math.min(...tones) >= ROOM_CARRY_MIN_HZ;
  out['span < 1 octave'] = Math.max(...tones) / Math.min(...tones) < 2;
  return out;
}

interface ProbeLine {
  kind: string;
  split: string;
  id: string;
  t: number;
  decisionDb: number;
}

const corpus = join(import.meta.dirname, 'corpus');
const programme = JSON.parse(
  readFileSync(join(corpus, `${DEFAULT_PROGRAMME}.json`), 'utf8'),
) as TriggeredProgramme;
const minDb = values['min-db'] === undefined ? Number.NEGATIVE_INFINITY : Number(values['min-db']);
const tally = new Map<string, { patternHours: number; fits: number; patterns: number; fitted: number }>();
let total = 0;
for (const arg of positionals) {
  const [file, tail] = arg.split('@');
  const [decoySeed, sec] = (tail ?? '0:600').split(':').map(Number);
  const lines = readFileSync(file as string, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as ProbeLine);
  const split = lines[0]?.split === 'heldout' ? 'heldout' : 'tune';
  // As chance-fit-probe.ts draws them at --triggers 3000.
  const triggers = [
    ...programme.triggers,
    ...generateDecoys(
      3000 - programme.triggers.length,
      programme.triggers,
      splitSeed(split) + 7 + 1_000_003 * (decoySeed ?? 0),
    ),
  ];
  const fits = new Map<string, number>();
  const last = new Map<string, number>();
  for (const l of lines
    .filter((x) => x.kind === 'CHANCE' && x.decisionDb >= minDb)
    .sort((a, b) => a.t - b.t)) {
    const prev = last.get(l.id);
    last.set(l.id, l.t);
    if (prev !== undefined && l.t - prev < 3) continue;
    fits.set(l.id, (fits.get(l.id) ?? 0) + 1);
  }
  for (const t of triggers) {
    const p = properties(t.frequencyPattern);
    if (values['no-repeat'] && p['repeated tone']) continue;
    if (values.only !== undefined && !p[values.only]) continue;
    const f = fits.get(String(t.id)) ?? 0;
    total += f;
    for (const [name, has] of Object.entries(p)) {
      const key = `${name}\t${has}`;
      const e = tally.get(key) ?? { patternHours: 0, fits: 0, patterns: 0, fitted: 0 };
      e.patternHours += (sec ?? 600) / 3600;
      e.fits += f;
      e.patterns++;
      e.fitted += f > 0 ? 1 : 0;
      tally.set(key, e);
    }
  }
}
process.stdout.write(`${total} chance fits\n`);
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(2)} %`;
for (const name of new Set([...tally.keys()].map((k) => k.split('\t')[0] as string))) {
  const yes = tally.get(`${name}\ttrue`);
  const no = tally.get(`${name}\tfalse`);
  if (!yes || !no) continue;
  const rateYes = yes.fits / yes.patternHours;
  const rateNo = no.fits / no.patternHours;
  const ratio = rateYes / rateNo;
  const spread = 1.96 * Math.sqrt(1 / Math.max(yes.fits, 0.5) + 1 / Math.max(no.fits, 0.5));
  process.stdout.write(
    `${name.padEnd(22)} with: ${yes.patterns} patterns, ${yes.fits} fits, ${rateYes.toFixed(3)}/pattern-h, ${pct(yes.fitted, yes.patterns)} fitted` +
      ` | without: ${no.patterns}, ${no.fits}, ${rateNo.toFixed(3)}/pattern-h, ${pct(no.fitted, no.patterns)}` +
      ` | ratio ${ratio.toFixed(2)} [${(ratio * Math.exp(-spread)).toFixed(2)}, ${(ratio * Math.exp(spread)).toFixed(2)}]\n`,
  );
}
