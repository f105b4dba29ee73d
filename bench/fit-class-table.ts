/**
 * npx tsx bench/fit-class-table.ts --chance FILE@SEC [--chance ...] [--decoys FILE@SEC ...]
 *   [--true FILE ...] [--n 1000,3000] [--show 12] [--rule scatter=5,onset=13,drift=0.35,slot=4,lower=full]
 *   [--deep FILE@SEC ...]
 *
 * Prices a class rule (a lower decision threshold at large N for a fit whose features say
 * "played": slot levels that agree, sharp onsets, steady peaks) on bench/chance-fit-probe.ts
 * output (scale16, docs/decisions/audio-robust-detector.md). `--chance`: trigger-free readings
 * taken with 3,000 triggers and `--lower-db 3.67` (every fit down to the N = 24 threshold), SEC
 * the seconds read; `--decoys`: the triggered programme read the same way (its STRAY fits are
 * decoys, some fitting a played trigger's own tones); `--true`: the triggered programme at 24
 * triggers, whose best reading of each event between the N = 24 and the N-trigger thresholds is
 * an event the rise loses. With N = 1,000 only the triggers a 1,000-trigger set holds are counted
 * (decoys D1.. are a prefix of the larger set). Prints the baseline, every rule in a grid that
 * lets through no chance fit and no decoy at every N (best first by events recovered), and the
 * nearest rules that let some through. A diagnosis tool: its figures are not checked.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { exitOnHelp } from './cli-help.ts';
import {
  bestPerPattern,
  type ClassRule,
  fitFeatures,
  hasClass,
  inTriggerSet,
  type ProbeFit,
  passAt,
  thresholdDb,
} from './fit-class.ts';
import { poissonUpperPerHour } from './poisson-bound.ts';

exitOnHelp(import.meta.url);

const { values } = parseArgs({
  options: {
    chance: { type: 'string', multiple: true, default: [] },
    decoys: { type: 'string', multiple: true, default: [] },
    true: { type: 'string', multiple: true, default: [] },
    n: { type: 'string', default: '1000,3000' },
    show: { type: 'string', default: '12' },
    rule: { type: 'string' },
    deep: { type: 'string', multiple: true, default: [] },
  },
});

const read = (file: string): ProbeFit[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as ProbeFit);
const withSec = (arg: string) => {
  const at = arg.lastIndexOf('@');
  const file = arg.slice(0, at);
  return { fits: bestPerPattern(read(file)), sec: Number(arg.slice(at + 1)), file };
};

const chance = values.chance
  .map(withSec)
  .map((x) => ({ ...x, fits: x.fits.filter((f) => f.kind === 'CHANCE') }));
const decoys = values.decoys.map(withSec).map((x) => ({
  ...x,
  fits: x.fits.filter((f) => f.kind === 'STRAY'),
  // A decoy read within 3 s of a played trigger's own reading fits (some of) its tones.
  during: (f: ProbeFit) => x.fits.some((t) => t.kind === 'TRUE' && Math.abs(t.t - f.t) <= 3),
}));
const trueFits = values.true.flatMap((f) => bestPerPattern(read(f)).filter((x) => x.kind === 'TRUE'));
const ns = values.n.split(',').map(Number);
const low = thresholdDb(24);

const conditions = [...new Set(chance.map((c) => c.fits[0]?.condition ?? c.file))];
const chanceHours = chance.reduce((s, c) => s + c.sec, 0) / 3600;
const decoyHours = decoys.reduce((s, c) => s + c.sec, 0) / 3600;
const r1 = (x: number) => Math.round(x * 10) / 10;

/** The at-risk true fits at N: read between the N = 24 threshold and N's. */
const atRisk = (n: number) => trueFits.filter((f) => f.decisionDb >= low && f.decisionDb < thresholdDb(n));

function price(rule: (n: number) => ClassRule) {
  return ns.map((n) => {
    const r = rule(n);
    const passing = (fits: ProbeFit[]) =>
      fits.filter((f) => inTriggerSet(f.id, n) && passAt(f, n, r) === 'rule');
    const chanceBy = chance.map((c) => ({ sec: c.sec, fits: passing(c.fits) }));
    return {
      n,
      chance: chanceBy.reduce((s, c) => s + c.fits.length, 0),
      chanceBy,
      decoys: decoys.reduce((s, c) => s + passing(c.fits).length, 0),
      recovered: atRisk(n).filter((f) => passAt(f, n, r) === 'rule'),
    };
  });
}

process.stdout.write(
  `chance sample: ${r1(chanceHours * 60)} min over ${conditions.length} conditions; decoy sample ${r1(decoyHours * 60)} min; ${trueFits.length} true events read at 24\n`,
);
for (const n of ns) {
  const inSet = (fits: ProbeFit[]) => fits.filter((f) => inTriggerSet(f.id, n));
  const over = (fits: ProbeFit[]) => inSet(fits).filter((f) => f.decisionDb >= thresholdDb(n));
  process.stdout.write(
    `N = ${n}: threshold ${r1(thresholdDb(n) * 100) / 100} dB (N = 24: ${r1(low * 100) / 100}); chance fits >= N=24 threshold ${chance.reduce((s, c) => s + inSet(c.fits).length, 0)}, >= N's ${chance.reduce((s, c) => s + over(c.fits).length, 0)}; decoys ${decoys.reduce((s, c) => s + inSet(c.fits).length, 0)} / ${decoys.reduce((s, c) => s + over(c.fits).length, 0)}; at-risk true ${atRisk(n).length}\n`,
  );
  for (const c of chance)
    process.stdout.write(
      `  chance ${c.fits[0]?.condition ?? c.file} (${c.sec} s): ${inSet(c.fits).length} >= 24's, ${over(c.fits).length} >= N's\n`,
    );
}

// Feature spread per class, at the largest N's at-risk band.
const nMax = Math.max(...ns);
const classes: [string, ProbeFit[]][] = [
  ['true at risk', atRisk(nMax)],
  ['chance', chance.flatMap((c) => c.fits)],
  ['decoys', decoys.flatMap((c) => c.fits)],
];
const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return r1(s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? Number.NaN);
};
for (const [name, fits] of classes) {
  const fs = fits.map(fitFeatures);
  const line = (key: keyof (typeof fs)[number]) =>
    `${key} ${[0.1, 0.25, 0.5, 0.75, 0.9]
      .map((p) =>
        q(
          fs.map((f) => f[key]),
          p,
        ),
      )
      .join('/')}`;
  process.stdout.write(
    `${name} (${fits.length}) 10/25/50/75/90 %: ${line('levelScatterDb')}; ${line('meanOnsetDb')}; ${line('maxDriftBins')}; ${line('minSlotDb')}\n`,
  );
}

// The grid: each bound, or none, and how far under N's threshold ('full': to N = 24's).
const grid: { name: string; rule: (n: number) => ClassRule }[] = [];
for (const maxScatterDb of [3, 4, 5, 6, undefined])
  for (const minOnsetDb of [undefined, 10, 13, 15, 17, 20])
    for (const maxDriftBins of [undefined, 0.35, 0.5])
      for (const minSlotDb of [undefined, 4, 6, 8])
        for (const lower of ['full', 2, 1.5, 1] as const) {
          const name = `scatter<${maxScatterDb ?? '-'} onset>=${minOnsetDb ?? '-'} drift<${maxDriftBins ?? '-'} slot>=${minSlotDb ?? '-'} lower ${lower}`;
          grid.push({
            name,
            rule: (n) => ({
              maxScatterDb,
              minOnsetDb,
              maxDriftBins,
              minSlotDb,
              lowerDb: lower === 'full' ? thresholdDb(n) - low : lower,
            }),
          });
        }
const priced = grid.map((g) => ({ ...g, at: price(g.rule) }));
const show = Number(values.show);
const describe = (p: (typeof priced)[number]) =>
  `${p.name}: ${p.at
    .map(
      (a) =>
        `N=${a.n} chance ${a.chance} (${r1(a.chance / chanceHours)}/h; 95 % bound ${r1(poissonUpperPerHour(a.chance, chanceHours))}/h) decoys ${a.decoys} true ${a.recovered.length}/${atRisk(a.n).length}`,
    )
    .join(' | ')}\n`;
const recovered = (p: (typeof priced)[number]) => p.at.reduce((s, a) => s + a.recovered.length, 0);
const clean = priced.filter((p) => p.at.every((a) => a.chance === 0 && a.decoys === 0));
process.stdout.write(
  `\nrules letting through no chance fit and no decoy (${clean.length} of ${grid.length}):\n`,
);
for (const p of clean.sort((a, b) => recovered(b) - recovered(a)).slice(0, show))
  process.stdout.write(describe(p));
const near = priced.filter((p) => p.at.reduce((s, a) => s + a.chance + a.decoys, 0) > 0);
process.stdout.write('\nrules letting through at most 2 chance fits or decoys in all (best first):\n');
for (const p of near
  .filter((p) => p.at.reduce((s, a) => s + a.chance + a.decoys, 0) <= 2)
  .sort((a, b) => recovered(b) - recovered(a))
  .slice(0, show))
  process.stdout.write(describe(p));

// One rule in detail (`--rule`), and how often a chance fit has its class at all (`--deep`: fits
// read further under the N = 24 threshold, to see whether the class share depends on the score).
if (values.rule) {
  const bounds = Object.fromEntries(values.rule.split(',').map((kv) => kv.split('=') as [string, string]));
  const lowerArg = bounds.lower ?? 'full';
  const ruleAt = (n: number): ClassRule => ({
    maxScatterDb: bounds.scatter === undefined ? undefined : Number(bounds.scatter),
    minOnsetDb: bounds.onset === undefined ? undefined : Number(bounds.onset),
    maxDriftBins: bounds.drift === undefined ? undefined : Number(bounds.drift),
    minSlotDb: bounds.slot === undefined ? undefined : Number(bounds.slot),
    lowerDb: lowerArg === 'full' ? thresholdDb(n) - low : Number(lowerArg),
  });
  process.stdout.write(`\nrule ${values.rule}:\n`);
  for (const n of ns) {
    const r = ruleAt(n);
    const band = (f: ProbeFit) => inTriggerSet(f.id, n) && f.decisionDb >= thresholdDb(n) - r.lowerDb;
    const listed = (fits: ProbeFit[], during?: (f: ProbeFit) => boolean) =>
      fits
        .map((f) => ` ${f.id}@${f.t} ${r1(f.decisionDb)} dB${during?.(f) ? ' (during a play)' : ''}`)
        .join('');
    for (const c of chance) {
      const inBand = c.fits.filter(band);
      const over = inBand.filter((f) => passAt(f, n, r) === 'threshold');
      const pass = inBand.filter((f) => passAt(f, n, r) === 'rule');
      process.stdout.write(
        `  N=${n} chance ${c.fits[0]?.condition ?? c.file} (${c.sec} s): ${inBand.length} in the lowered band or over; ${over.length} over N's threshold${listed(over)}; ${pass.length} let through by the rule (${r1((pass.length * 3600) / c.sec)}/h)${listed(pass)}\n`,
      );
    }
    for (const c of decoys) {
      const inBand = c.fits.filter(band);
      const over = inBand.filter((f) => passAt(f, n, r) === 'threshold');
      const pass = inBand.filter((f) => passAt(f, n, r) === 'rule');
      process.stdout.write(
        `  N=${n} decoys ${c.fits[0]?.condition ?? c.file} (${c.sec} s): ${inBand.length} in the lowered band or over (${inBand.filter(c.during).length} during a play); ${over.length} over N's threshold (${over.filter(c.during).length} during a play); ${pass.length} let through by the rule${listed(pass, c.during)}\n`,
      );
    }
    const byCondition = new Map<string, ProbeFit[]>();
    for (const f of atRisk(n)) byCondition.set(f.condition, [...(byCondition.get(f.condition) ?? []), f]);
    for (const [condition, fits] of byCondition)
      process.stdout.write(
        `  N=${n} true ${condition}: ${fits.filter((f) => passAt(f, n, r) === 'rule').length} of ${fits.length} at-risk recovered\n`,
      );
  }
  const deep = values.deep
    .map(withSec)
    .map((x) => ({ ...x, fits: x.fits.filter((f) => f.kind === 'CHANCE') }));
  const all = [...chance, ...deep].flatMap((c) => c.fits);
  for (const [lo, hi] of [
    [0, low],
    [low, thresholdDb(1000)],
    [thresholdDb(1000), 99],
  ] as const) {
    const fits = all.filter((f) => f.decisionDb >= lo && f.decisionDb < hi);
    const inClass = fits.filter((f) => hasClass(fitFeatures(f), ruleAt(nMax)));
    process.stdout.write(
      `  chance fits ${r1(lo)}-${r1(hi)} dB (every sample, 3,000 triggers): ${inClass.length} of ${fits.length} have the class\n`,
    );
  }
}
