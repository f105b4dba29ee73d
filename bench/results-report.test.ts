import { describe, expect, it } from 'vitest';
import type { ConditionResult } from './condition-result.ts';
import { type BenchReport, markdownReport } from './results-report.ts';

function row(over: Partial<ConditionResult>): ConditionResult {
  return {
    condition: 'clean',
    detector: 'dual',
    activeTriggers: 24,
    events: 120,
    detected: 120,
    detectionRate: 1,
    wrongEvents: 0,
    wrongTriggerRate: 0,
    wrongDetections: 0,
    strayDetections: 0,
    quietHours: 0.9,
    quietFalsePositives: 0,
    falsePositivesPerHour: 0,
    medianLatencyMs: 361,
    p90LatencyMs: 440,
    medianReportedOffsetMs: 0,
    cpuMsPerSec: 4,
    audioSec: 4200,
    wallSec: 100,
    ...over,
  };
}

function report(results: ConditionResult[], scale: ConditionResult[] = []): BenchReport {
  return {
    date: '2026-11-24',
    mode: 'full',
    command: 'npm run bench:audio',
    split: 'heldout',
    blockSize: 128,
    targetDetector: 'dual',
    wallSec: 2700,
    load: { start: 4.2, end: 6.1 },
    machine: { cpu: 'AMD EPYC', cores: 2, node: 'v20', ffmpeg: 'ffmpeg 5.1' },
    corpus: { triggeredMin: 16, quietMin: 54, events: 120, triggers: 24, sources: [] },
    results,
    scale,
  };
}

/** The markdown table row whose first cell is `condition` in the section headed `heading`. */
function rowOf(markdown: string, heading: string, condition: string): string {
  const section = markdown.slice(markdown.indexOf(heading));
  const line = section.split('\n').find((l) => l.startsWith(`| \`${condition}\``));
  if (line === undefined) throw new Error(`no row for ${condition} under ${heading}`);
  return line;
}

describe('markdownReport: the targets at the top', () => {
  const tempo = row({
    condition: 'tempo-0.8',
    detected: 60,
    detectionRate: 0.5,
    wrongEvents: 2,
    wrongTriggerRate: 2 / 120,
    medianLatencyMs: 612,
    cpuMsPerSec: 9.18,
  });
  const doc = markdownReport(report([row({}), tempo]));

  it('says by how much each figure is short of its target', () => {
    const line = rowOf(doc, '### Tempo', 'tempo-0.8');
    expect(line).toContain('**50.0 % (-49.0 pts)**');
    expect(line).toContain('**2 of 120 (+2 over 0)**');
    expect(line).toContain('**612 ms (+112 ms)**');
    expect(line).toContain('**9.18 ms/s (+4.18 ms/s)**');
    expect(line).toContain('short: detection, wrong triggers, median latency, CPU');
  });

  it('files the CPU shortfall once, under `cpu`, not per condition', () => {
    expect(doc).toMatch(/no reason written yet.*`tempo-0\.8`, `cpu`/);
  });

  it('gives the hours measured and the 95 % upper bound where no false positive fired', () => {
    const line = rowOf(doc, '### Channel', 'clean');
    expect(line).toContain('| met |');
    expect(line).toContain('0 in 0.90 h (95 % upper bound 3.3/h)');
    expect(doc).toContain('false positives 0 in 1.80 h (95 % upper bound 1.7/h)');
  });

  it('puts the targets before the method and the full listing', () => {
    expect(doc.indexOf('## Against the targets')).toBeLessThan(doc.indexOf('## Method'));
    expect(doc.indexOf('## Why the targets are missed')).toBeLessThan(doc.indexOf('## Method'));
  });
});

describe('markdownReport: the reasons for each shortfall', () => {
  const shortfalls = [
    '# Shortfalls',
    '',
    '## `tempo-0.8`, `tempo-1.25`: WSOLA moves each tone',
    '',
    'The time stretch moves each slot by up to 5 Hz.',
    '',
    '## `clean`: an old reason',
    '',
    'Fixed since.',
  ].join('\n');

  it('includes the written reason for a short condition and flags a short one without', () => {
    const speed = row({ condition: 'speed-1.05', detected: 117, detectionRate: 117 / 120 });
    const tempo = row({ condition: 'tempo-0.8', detected: 60, detectionRate: 0.5 });
    const doc = markdownReport(report([row({}), speed, tempo]), shortfalls);
    expect(doc).toContain('### `tempo-0.8`, `tempo-1.25`: WSOLA moves each tone');
    expect(doc).toContain('The time stretch moves each slot by up to 5 Hz.');
    expect(doc).toMatch(/no reason written yet.*`speed-1\.05`/);
    expect(doc).not.toContain('Fixed since.');
    expect(doc).toMatch(/met its targets in this run.*`clean`/);
  });

  it('keeps reasons for conditions the run did not measure out of a partial report', () => {
    const doc = markdownReport(report([row({})]), shortfalls);
    expect(doc).not.toContain('WSOLA');
  });
});

describe('markdownReport: the cost table', () => {
  it('checks CPU at 1,000 against 2x that at 24 and false positives at each N on >= 1 h', () => {
    const scale = [
      row({ activeTriggers: 24, cpuMsPerSec: 9 }),
      row({ activeTriggers: 1000, cpuMsPerSec: 27 }),
      row({ activeTriggers: 3000, cpuMsPerSec: 40, quietFalsePositives: 1, falsePositivesPerHour: 1.1 }),
      row({ condition: 'mp3-128k', activeTriggers: 3000, cpuMsPerSec: 41 }),
    ];
    const doc = markdownReport(report([row({})], scale), '');
    expect(doc).toContain('**3.00x (+1.00x)**');
    expect(doc).toContain(
      'N = 1000 (clean): 0 in 0.90 h (95 % upper bound 3.3/h): **short** (only 0.90 h of the 1 h measured)',
    );
    expect(doc).toContain('N = 24 (clean): 0 in 0.90 h (95 % upper bound 3.3/h): met');
    expect(doc).toContain('N = 3000 (clean + mp3-128k): 0.6/h: 1 in 1.80 h (+1 over 0): **short**');
    expect(doc).toMatch(/Cost table short: .*CPU at N=1000/);
    expect(doc).toMatch(/no reason written yet.*`cost`/);
  });

  it('reads CPU against N = 24 even when a listening link’s smaller N comes first', () => {
    const scale = [
      row({ activeTriggers: 4, cpuMsPerSec: 6 }),
      row({ activeTriggers: 24, cpuMsPerSec: 9 }),
      row({ activeTriggers: 1000, cpuMsPerSec: 27 }),
    ];
    const doc = markdownReport(report([row({})], scale), '');
    expect(doc).toContain('| 0.67x |');
    expect(doc).toContain('| 1.00x |');
    expect(doc).toContain('**3.00x (+1.00x)**');
  });
});
