import { CONDITIONS } from './channel-conditions.ts';
import type { CodecCell } from './codec-table.ts';
import type { ConditionResult } from './condition-result.ts';
import { checkRobustTargets } from './robust-targets.ts';

export interface BenchReport {
  date: string;
  mode: 'full' | 'quick' | 'partial';
  command: string;
  /** Which part of the corpus was scored (audio-bench.ts --split); absent: all of it. */
  split?: 'all' | 'tune' | 'heldout';
  blockSize: number;
  machine: { cpu: string; cores: number; node: string; ffmpeg: string };
  corpus: {
    triggeredMin: number;
    quietMin: number;
    events: number;
    triggers: number;
    sources: { pkg: string; version: string; kind: string; licence: string; files: number }[];
  };
  results: ConditionResult[];
  /** The cost table: the robust detector on the clean programme against the number of triggers. */
  scale?: ConditionResult[];
  /** Which signal type survives which stereo codec and bitrate. */
  codecs?: CodecCell[];
}

function codecTable(cells: readonly CodecCell[]): { header: string[]; body: string[][] } {
  const columns = [...new Set(cells.map((c) => `${c.codec} ${c.kbps}k`))];
  const header = ['signal', ...columns];
  const body = (['audible', 'ultrasonic', 'combined', 'streaming'] as const).map((signal) => [
    signal,
    ...columns.map((column) => {
      const cell = cells.find((c) => c.signal === signal && `${c.codec} ${c.kbps}k` === column);
      if (!cell) return '-';
      const share = cell.events === 0 ? 0 : cell.detected / cell.events;
      return `${(share * 100).toFixed(0)}%${cell.wrong > 0 ? ` (${cell.wrong} wrong)` : ''}`;
    }),
  ]);
  return { header, body };
}

/** Fixed-width table for the terminal: each column as wide as its widest cell. */
function fixedWidthTable(header: readonly string[], body: readonly string[][]): string {
  const all = [header, ...body];
  const widths = header.map((_, c) => Math.max(...all.map((row) => (row[c] ?? '').length)));
  return all
    .map((row) =>
      row
        .map((cell, c) => cell.padEnd(widths[c] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function codecTextTable(cells: readonly CodecCell[]): string {
  const { header, body } = codecTable(cells);
  return fixedWidthTable(header, body);
}

const SCALE_HEADER = [
  'condition',
  'active triggers',
  'CPU ms/s',
  'CPU vs N=24',
  'detection',
  'wrong-trigger',
  'FP/h',
  'trigger-free h',
  'median latency ms',
  'p90 latency ms',
];

/** Targets: CPU at 1,000 <= 2x that at 24; 0 FP/h; median latency <= 500 ms; 0 wrong. */
function scaleRows(scale: readonly ConditionResult[]): string[][] {
  return scale.map((r) => {
    const base = scale.find((b) => b.condition === r.condition && b.activeTriggers <= 24)?.cpuMsPerSec;
    const ratio = base ? r.cpuMsPerSec / base : undefined;
    const cpuVerdict =
      ratio === undefined || r.activeTriggers > 1000
        ? ''
        : ratio <= 2
          ? ''
          : ` (target 2.0x: ${(ratio - 2).toFixed(1)}x over)`;
    return [
      r.condition,
      String(r.activeTriggers),
      r.cpuMsPerSec.toFixed(2),
      ratio === undefined ? '-' : `${ratio.toFixed(2)}x${cpuVerdict}`,
      `${pct(r.detectionRate)} (${r.detected}/${r.events})`,
      pct(r.wrongTriggerRate),
      r.falsePositivesPerHour.toFixed(1),
      r.quietHours.toFixed(2),
      ms(r.medianLatencyMs),
      ms(r.p90LatencyMs),
    ];
  });
}

/**
 * Upper bound of a Poisson rate at `confidence` after `events` in `hours` (exact, by bisection on
 * the Poisson CDF): with 0 events in 1 h it is 3.0 per hour at 95 %.
 */
export function poissonUpperPerHour(events: number, hours: number, confidence = 0.95): number {
  const cdf = (mean: number) => {
    let term = Math.exp(-mean);
    let sum = term;
    for (let k = 1; k <= events; k++) {
      term *= mean / k;
      sum += term;
    }
    return sum;
  };
  let lo = 0;
  let hi = events + 10 + 10 * Math.sqrt(events + 1);
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (cdf(mid) > 1 - confidence) lo = mid;
    else hi = mid;
  }
  return hi / hours;
}

/** False positives at each N summed over the cost table's conditions (trigger-free parts only). */
export function scaleFalsePositiveLines(scale: readonly ConditionResult[]): string[] {
  const counts = [...new Set(scale.map((r) => r.activeTriggers))].sort((a, b) => a - b);
  return counts.map((n) => {
    const rows = scale.filter((r) => r.activeTriggers === n);
    const hours = rows.reduce((sum, r) => sum + r.quietHours, 0);
    const fps = rows.reduce((sum, r) => sum + r.quietFalsePositives, 0);
    const which = rows.flatMap((r) =>
      (r.details?.falsePositives ?? []).map((f) => `${f.triggerId} (${r.condition})`),
    );
    return (
      `N = ${n}: ${fps} false positives in ${hours.toFixed(2)} h of trigger-free audio ` +
      `(${rows.map((r) => r.condition).join(' + ')}): ${(hours > 0 ? fps / hours : 0).toFixed(2)}/h, ` +
      `95 % upper bound ${poissonUpperPerHour(fps, hours).toFixed(2)}/h${which.length > 0 ? `; ${which.join(', ')}` : ''}`
    );
  });
}

export function scaleTextTable(scale: readonly ConditionResult[]): string {
  return fixedWidthTable(SCALE_HEADER, scaleRows(scale));
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const ms = (v: number | null) => (v === null ? '-' : `${v}`);

const HEADER = [
  'condition',
  'detector',
  'detection',
  'wrong-trigger',
  'FP/h',
  'median latency ms',
  'CPU ms/s',
];

function rows(results: readonly ConditionResult[]): string[][] {
  return results.map((r) => [
    r.condition,
    r.detector,
    `${pct(r.detectionRate)} (${r.detected}/${r.events})`,
    pct(r.wrongTriggerRate),
    r.falsePositivesPerHour.toFixed(1),
    ms(r.medianLatencyMs),
    r.cpuMsPerSec.toFixed(2),
  ]);
}

/** Fixed-width table for the terminal. */
export function textTable(results: readonly ConditionResult[]): string {
  return fixedWidthTable(HEADER, rows(results));
}

function markdownTable(header: string[], body: string[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...body.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

export function robustTargetLines(results: readonly ConditionResult[]): string[][] {
  return results
    .filter((r) => r.detector === 'robust')
    .map((r) => {
      const checks = checkRobustTargets(r);
      const verdict = checks.every((c) => c.met) ? 'met' : 'not met';
      return [r.condition, verdict, ...checks.map((c) => `${c.met ? 'met' : '**not met**'}: ${c.detail}`)];
    });
}

function robustFailureDetails(results: readonly ConditionResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    if (r.detector !== 'robust' || r.details === undefined) continue;
    const { missed, wrong, falsePositives } = r.details;
    if (missed.length + wrong.length + falsePositives.length === 0) continue;
    const parts = [
      ...missed.map((m) => `missed ${m.triggerId} at ${m.startSec.toFixed(1)} s`),
      ...wrong.map(
        (w) => `${w.got} fired during ${w.expected} at ${w.atSec.toFixed(1)} s (score ${w.score.toFixed(2)})`,
      ),
      ...falsePositives.map(
        (f) => `false ${f.triggerId} at ${f.atSec.toFixed(1)} s in ${f.clip} (score ${f.score.toFixed(2)})`,
      ),
    ];
    lines.push(`- ${r.condition}: ${parts.join('; ')}`);
  }
  return lines.length === 0 ? 'None: every target event was clean.' : lines.join('\n');
}

function splitNote(split: BenchReport['split']): string {
  if (split === 'heldout')
    return (
      '- **Held-out split**: the triggered programme from 8 min on and the trigger-free one from 10 min on\n' +
      '  (other clips than the tuning split), rooms and babble beds drawn with another seed. The detector\n' +
      '  was tuned on the tuning split only (`--split tune`: the first 8 and 10 min, seed 20251122).\n'
    );
  if (split === 'tune')
    return '- **Tuning split** (`--split tune`): the first 8 min triggered, 10 min trigger-free.\n';
  return '';
}

export function markdownReport(report: BenchReport): string {
  const conditions = CONDITIONS.filter((c) => report.results.some((r) => r.condition === c.id));
  const sources = report.corpus.sources
    .map((s) => `\`${s.pkg}\` ${s.version} (${s.kind}, ${s.files} files, ${s.licence})`)
    .join('; ');
  return `# Audio detection benchmark

Latest run: **${report.date}** (\`${report.command}\`, ${report.mode} run). Regenerate with
\`npm run bench:audio\`; the raw figures are in \`bench/audio-results.json\`. Method and corpus:
\`bench/\` and \`docs/decisions/bench-corpus.md\`.

Machine: ${report.machine.cpu}, ${report.machine.cores} cores, Node ${report.machine.node}, ${report.machine.ffmpeg}.

## Corpus

- ${report.corpus.triggeredMin.toFixed(0)} min of programme with ${report.corpus.events} embedded triggers
  (${report.corpus.triggers} distinct four-tone patterns on the 500-2000 Hz / 50 Hz slider grid, 2000 ms,
  mixed by the engine's \`embedTrigger\` at the SPEC level, 85 % programme + 15 % trigger, one every 8 s),
  and ${report.corpus.quietMin.toFixed(0)} min of different, trigger-free programme.
- Programmes alternate 45 s clips of real speech and real music, each clip at -20 dBFS RMS.
  Sources: ${sources}.
- Detectors listen for all ${report.corpus.triggers} triggers at once and are fed ${report.blockSize}-sample blocks.
${splitNote(report.split)}
## Channel conditions

${markdownTable(
  ['condition', 'what'],
  conditions.map((c) => [c.id, c.description]),
)}

## Results

${markdownTable(HEADER, rows(report.results))}

- **detection**: share of embedded triggers detected as the right trigger between the trigger's
  start and 2 s after its end.
- **wrong-trigger**: share of embedded triggers during which a different trigger fired.
- **FP/h**: detections per hour of the trigger-free programme.
- **median latency**: time the detection was returned by \`push()\` (stream position) minus the
  end of the trigger.
- **CPU ms/s**: CPU time inside \`push()\` (process.cpuUsage) per second of audio.

## Robust detector against its targets

Targets on every condition: >= 99 % detection, 0 wrong-trigger, 0 FP/h, median latency <= 500 ms,
<= 5 ms CPU per second of audio.

${markdownTable(['condition', 'all targets', 'detection', 'wrong-trigger', 'FP/h', 'median latency', 'CPU'], robustTargetLines(report.results))}

Every robust failure of this run (programme times; triggered programme for missed and wrong,
trigger-free programme for false positives):

${robustFailureDetails(report.results)}

${
  report.scale && report.scale.length > 0
    ? `
## Cost against the number of active triggers

The robust detector on the clean programme (the ${report.corpus.triggers} embedded triggers
plus never-played decoy patterns; none shares three slots with an embedded one). Targets: CPU
at 1,000 triggers <= 2x the CPU at 24, 0 false positives per hour at 3,000, median latency
<= 500 ms at every N.

${markdownTable(SCALE_HEADER, scaleRows(report.scale))}

${scaleFalsePositiveLines(report.scale)
  .map((line) => `- ${line}`)
  .join('\n')}
`
    : ''
}
${
  report.codecs && report.codecs.length > 0
    ? `
## Which signal survives which stereo codec

Each signal type embedded in real speech and music (a trigger every 8 s), encoded in stereo with
the encoder's defaults (as a streaming platform re-encodes), decoded and run through the robust
detector. Share of triggers detected; the embed tools and \`tonemark embed\` warn where a
choice falls below 99 % (\`packages/audio/src/codec-survival.ts\`).

${(() => {
  const { header, body } = codecTable(report.codecs);
  return markdownTable(header, body);
})()}
`
    : ''
}
Why the targets are missed where they are, and what to change: \`docs/audio-benchmark-notes.md\`.
`;
}
