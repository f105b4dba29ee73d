import { CONDITIONS } from './channel-conditions.ts';
import type { CodecCell } from './codec-table.ts';
import type { ConditionResult } from './condition-result.ts';
import { checkTargets } from './detector-targets.ts';
import { fixedWidthTable, markdownTable } from './markdown-table.ts';
import { poissonUpperPerHour } from './poisson-bound.ts';
import { reportedTimingTable } from './reported-timing-table.ts';
import type { BenchDetector } from './run-detectors.ts';
import { parseShortfallReasons, SHORTFALLS_FILE, shortfallSection } from './shortfall-reasons.ts';
import { conditionTargetTables, costTargetTable, cpuRatio, shortIds } from './targets-report.ts';

export interface BenchReport {
  date: string;
  mode: 'full' | 'quick' | 'partial';
  command: string;
  /** Which part of the corpus was scored (audio-bench.ts --split); absent: all of it. */
  split?: 'all' | 'tune' | 'heldout';
  blockSize: number;
  /** The detector measured against the targets (and run for the cost and codec tables). */
  targetDetector?: BenchDetector;
  /** Wall time of the whole run, and the machine's 1-minute load average at its start and end. */
  wallSec?: number;
  load?: { start: number; end: number };
  machine: { cpu: string; cores: number; node: string; ffmpeg: string };
  corpus: {
    triggeredMin: number;
    quietMin: number;
    events: number;
    triggers: number;
    sources: { pkg: string; version: string; kind: string; licence: string; files: number }[];
  };
  results: ConditionResult[];
  /** The cost table: the target detector against the number of triggers. */
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
    const ratio = cpuRatio(r, scale);
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

/** The detector the targets are checked on: the report's, else `dual` (shipped), else the first. */
export function targetDetectorOf(report: Pick<BenchReport, 'targetDetector' | 'results'>): BenchDetector {
  if (report.targetDetector) return report.targetDetector;
  if (report.results.some((r) => r.detector === 'dual')) return 'dual';
  return report.results[0]?.detector ?? 'dual';
}

/** Terminal lines: condition, verdict, then each target check. */
export function targetLines(results: readonly ConditionResult[], detector: BenchDetector): string[][] {
  return results
    .filter((r) => r.detector === detector)
    .map((r) => {
      const checks = checkTargets(r);
      const verdict = checks.every((c) => c.met) ? 'met' : 'short';
      return [r.condition, verdict, ...checks.map((c) => `${c.metric} ${c.detail}`)];
    });
}

function failureDetails(results: readonly ConditionResult[], detector: BenchDetector): string {
  const lines: string[] = [];
  for (const r of results) {
    if (r.detector !== detector || r.details === undefined) continue;
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
      '- **Held-out split** (the default): the triggered programme from 8 min on and the trigger-free\n' +
      '  one from 10 min on (other clips than the tuning split), rooms and babble beds drawn with another\n' +
      '  seed. The detectors were tuned on the tuning split only (`--split tune`: the first 8 and 10 min,\n' +
      '  seed 20251122), so these figures are the ones to trust.\n'
    );
  if (split === 'tune')
    return '- **Tuning split** (`--split tune`): the first 8 min triggered, 10 min trigger-free. The detectors were tuned on it: do not quote these figures.\n';
  return '- **Whole corpus** (`--split all`): includes the tuning split the detectors were tuned on.\n';
}

const loadText = (report: BenchReport) =>
  report.load
    ? `, load average ${report.load.start.toFixed(1)} at the start and ${report.load.end.toFixed(1)} at the end (the 2 cores are shared: CPU figures are inflated when it is above 2)`
    : '';

/**
 * The whole docs/audio-benchmark.md: first the target detector against every target (with by how
 * much it is short) and the engineers' reasons (`shortfalls`: the text of SHORTFALLS_FILE), then
 * the method, every detector's figures and every failure.
 */
export function markdownReport(report: BenchReport, shortfalls = ''): string {
  const detector = targetDetectorOf(report);
  const conditions = CONDITIONS.filter((c) => report.results.some((r) => r.condition === c.id));
  const sources = report.corpus.sources
    .map((s) => `\`${s.pkg}\` ${s.version} (${s.kind}, ${s.files} files, ${s.licence})`)
    .join('; ');
  const targetResults = report.results.filter((r) => r.detector === detector);
  const scale = report.scale ?? [];
  const reasons = shortfallSection(parseShortfallReasons(shortfalls), {
    short: [
      ...shortIds(targetResults, scale),
      ...((report.codecs ?? []).some((c) => c.wrong > 0 || c.detected < 0.99 * c.events) ? ['codecs'] : []),
    ],
    measured: [
      ...targetResults.map((r) => r.condition as string),
      ...(targetResults.length > 0 ? ['cpu'] : []),
      ...(scale.length > 0 ? ['cost'] : []),
      ...((report.codecs ?? []).length > 0 ? ['codecs'] : []),
    ],
  });
  const duration = report.wallSec === undefined ? '' : `, ${(report.wallSec / 60).toFixed(0)} min`;
  const timing = reportedTimingTable(targetResults);
  return `# Audio detection benchmark

The \`${detector}\` detector${detector === 'dual' ? ' (the one the app, SDK and CLI ship)' : ''} against
issue 9's targets, condition by condition. Run **${report.date}**, ${report.mode} run${duration}:
\`${report.command}\`${report.split === 'heldout' ? ', held-out split' : report.split === 'tune' ? ', **tuning split**' : ', whole corpus'}; ${report.corpus.triggeredMin.toFixed(0)} min of
programme with ${report.corpus.events} embedded triggers and ${report.corpus.quietMin.toFixed(0)} min of trigger-free
programme per condition; ${report.machine.cpu}, ${report.machine.cores} cores${loadText(report)}.
Regenerate with \`npm run bench:audio\` (raw figures: \`bench/audio-results.json\`); the reasons
for each shortfall are kept in \`${SHORTFALLS_FILE}\` and included below.

Each cell is the figure, and where a target is missed, by how much (**bold**). False positives:
the count on the condition's trigger-free programme, its hours and the 95 % upper bound of the
rate (0 false positives in under an hour rules out little).

## Against the targets

${conditionTargetTables(targetResults)}
${
  scale.length > 0
    ? `
### Cost against the number of active triggers

The \`${scale[0]?.detector ?? detector}\` detector listening for the ${report.corpus.triggers} embedded triggers plus never-played decoy
patterns (none shares three slots with an embedded one).

${costTargetTable(scale)}
`
    : ''
}
${
  report.codecs && report.codecs.length > 0
    ? `
### Which signal survives which stereo codec

Each signal type embedded in real speech and music (a trigger every 8 s), encoded in stereo with
the encoder's defaults (as a streaming platform re-encodes), decoded and run through the
\`${detector}\` detector. Share of triggers detected (target >= 99 %, no wrong trigger); the embed
tools and \`tonemark embed\` warn where a choice falls below 99 %
(\`packages/audio/src/codec-survival.ts\`).

${(() => {
  const { header, body } = codecTable(report.codecs);
  return markdownTable(header, body);
})()}
`
    : ''
}
${
  timing
    ? `
### The speed and tempo each detection reports

Issue 9 asks that each detection report the speed and tempo it found; the activation stores them
and \`tonemark detect --json\` prints them. For each detected trigger, its first detection against
the speed and tempo the condition played it at (\`bench/reported-timing.ts\`; a detection the
coherent detector alone made carries neither). Not a target of its own: a wrong figure here
changes no detection.

${timing}
`
    : ''
}
## Why the targets are missed

${reasons}

## Method

Machine: ${report.machine.cpu}, ${report.machine.cores} cores, Node ${report.machine.node}, ${report.machine.ffmpeg}.
Method and corpus: \`bench/\` and \`docs/decisions/bench-corpus.md\`; earlier runs and their
analysis: \`docs/audio-benchmark-notes.md\`.

- ${report.corpus.triggeredMin.toFixed(0)} min of programme with ${report.corpus.events} embedded triggers
  (${report.corpus.triggers} distinct four-tone patterns on the 500-2000 Hz / 50 Hz slider grid, 2000 ms,
  mixed by the engine's \`embedTrigger\` at the SPEC level, 85 % programme + 15 % trigger, one every 8 s),
  and ${report.corpus.quietMin.toFixed(0)} min of different, trigger-free programme.
- Programmes alternate 45 s clips of real speech and real music, each clip at -20 dBFS RMS.
  Sources: ${sources}.
- Detectors listen for all ${report.corpus.triggers} triggers at once and are fed ${report.blockSize}-sample blocks.
${splitNote(report.split)}
### Channel conditions

${markdownTable(
  ['condition', 'what'],
  conditions.map((c) => [c.id, c.description]),
)}

### Every detector run

${markdownTable(HEADER, rows(report.results))}

- **detection**: share of embedded triggers detected as the right trigger between the trigger's
  start and 2 s after its end.
- **wrong-trigger**: share of embedded triggers during which a different trigger fired.
- **FP/h**: detections per hour of the trigger-free programme.
- **median latency**: time the detection was returned by \`push()\` (stream position) minus the
  end of the trigger.
- **CPU ms/s**: CPU time inside \`push()\` (process.cpuUsage) per second of audio.

### Every failure of the \`${detector}\` detector

Programme times; triggered programme for missed and wrong, trigger-free programme for false
positives (up to 25 of each per condition):

${failureDetails(report.results, detector)}
${
  scale.length > 0
    ? `
### Cost table, terminal form

${markdownTable(SCALE_HEADER, scaleRows(scale))}
`
    : ''
}`;
}
