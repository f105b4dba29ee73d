/**
 * npx tsx bench/setup-cost.ts [--triggers 10000] [--detector dual] [--rounds 3]
 *
 * Prints the CPU time of building a detector for N active triggers (issue 9: <= 1 s at 10,000):
 * the benchmark's 24 embedded triggers plus random decoys (bench/trigger-set.ts), built `--rounds`
 * times in one process (the first includes JIT warm-up). A measurement, not a check.
 */
import { parseArgs } from 'node:util';
import { createDetector, type DetectorKind } from '@tonemark/audio';
import { exitOnHelp } from './cli-help.ts';
import { BENCH_SEED } from './corpus-split.ts';
import { generateDecoys, generateTriggerSet } from './trigger-set.ts';

exitOnHelp(import.meta.url);

const { values } = parseArgs({
  options: {
    triggers: { type: 'string', default: '10000' },
    detector: { type: 'string', default: 'dual' },
    rounds: { type: 'string', default: '3' },
  },
});
const count = Number(values.triggers);
const rounds = Number(values.rounds);
if (!Number.isInteger(count) || count < 24) throw new Error('--triggers takes a whole number >= 24');
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds takes a whole number >= 1');
const embedded = generateTriggerSet(24, BENCH_SEED);
const triggers = [...embedded, ...generateDecoys(count - 24, embedded, BENCH_SEED + 7)];
const figures: string[] = [];
for (let r = 0; r < rounds; r++) {
  const before = process.cpuUsage();
  createDetector(values.detector as DetectorKind, { sampleRate: 44_100, triggers });
  const spent = process.cpuUsage(before);
  figures.push(((spent.user + spent.system) / 1e6).toFixed(2));
}
process.stdout.write(
  `${values.detector} set-up for ${count} triggers, s of CPU per build: ${figures.join(', ')}\n`,
);
