/**
 * npx tsx bench/pitch-kept-slot-chance.ts [--condition tempo-0.8] [--seconds 300] [--tempo 0.8]
 *
 * How often each pitch-kept slot reading passes its per-slot tests on trigger-free audio (the
 * corpus's quiet programme through the condition), at chance: every 0.25 s, every trigger's pattern
 * is read at speed 1 and slot length nominal / `--tempo`, ending just before now, and each slot is
 * read as the detector reads it: the plain reading at every offset within STRETCH_SLOT_HZ; where
 * that fails, the dip-tolerant re-read; where that fails too, the spread reading
 * (pitch-kept-spread.ts). Prints the share of slots each one passes and the spread passes by dB.
 * A chance slot the spread reading passes is one more way for music to fit a pattern, so this is
 * how its price is set (docs/decisions/audio-tempo-pitch-kept.md, "Seventh pass"). A diagnosis
 * tool: nothing is checked.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { FieldDetector } from '@tonemark/audio';
import { conditionedChunks, conditionSpec } from './channel-conditions.ts';
import { exitOnHelp } from './cli-help.ts';
import type { FieldLimits, FieldPlan, SpectrumLane } from './engine-internals.ts';
import { bestOffsetReading, readSlot, readSlotDipTolerant, spreadSlot } from './engine-internals.ts';
import { probeCorpus } from './probe-corpus.ts';

exitOnHelp(import.meta.url);

const { values } = parseArgs({
  options: {
    condition: { type: 'string', default: 'tempo-0.8' },
    seconds: { type: 'string', default: '300' },
    tempo: { type: 'string', default: '0.8' },
  },
});
const { dir: corpusDir, manifest, programme } = await probeCorpus();
const spec = conditionSpec(values.condition);
const tempo = Number(values.tempo);
const detector = new FieldDetector({ sampleRate: spec.outputRate, triggers: programme.triggers });
const inner = detector as unknown as { planLanes: Map<FieldPlan, SpectrumLane[]>; limits: FieldLimits };
const quiet = { path: join(corpusDir, manifest.quiet.file), clips: manifest.quiet.clips };
const chunks = conditionedChunks(
  spec.id,
  {
    ...quiet,
    startSample: 0,
    samples: Math.round(Number(values.seconds) * manifest.sampleRate),
    sampleRate: manifest.sampleRate,
  },
  { tmpDir: join(corpusDir, 'tmp'), seed: 20_251_123, noise: quiet },
);
const counts = { slots: 0, plain: 0, dip: 0, spread: 0 };
const byDb = new Map<number, number>();

function readAll(): void {
  for (const [plan, lanes] of inner.planLanes) {
    const lane = lanes[0];
    if (!lane) continue;
    const slot = plan.slotHops / tempo;
    const start = lane.hopsDone - plan.slotCount * slot - 40;
    if (start < 2 * slot) continue;
    const h = { start, slot, speed: 1 };
    for (let k = 0; k < plan.slotCount; k++) {
      const plain = bestOffsetReading(plan, lanes, h, k, inner.limits, readSlot);
      if (!plain) continue;
      counts.slots++;
      if (plain.ratio > 0) counts.plain++;
      else if ((bestOffsetReading(plan, lanes, h, k, inner.limits, readSlotDipTolerant)?.ratio ?? 0) > 0)
        counts.dip++;
      else {
        const spread = spreadSlot(plan, lanes, h, k, inner.limits)?.ratio ?? 0;
        if (spread > 0) {
          counts.spread++;
          const db = Math.floor(10 * Math.log10(spread));
          byDb.set(db, (byDb.get(db) ?? 0) + 1);
        }
      }
    }
  }
}

let pushedSec = 0;
let nextRead = 0;
for await (const chunk of chunks) {
  for (let i = 0; i < chunk.length; i += 512) {
    detector.push(chunk.subarray(i, i + 512));
    pushedSec += Math.min(512, chunk.length - i) / spec.outputRate;
    if (pushedSec < nextRead) continue;
    nextRead = pushedSec + 0.25;
    readAll();
  }
}
const pct = (n: number) => ((100 * n) / Math.max(1, counts.slots)).toFixed(2);
process.stdout.write(
  `${values.condition}, ${values.seconds} s trigger-free, slots at tempo ${tempo}: ${counts.slots} read; ` +
    `plain ${counts.plain} (${pct(counts.plain)} %), dip-tolerant ${counts.dip} (${pct(counts.dip)} %), ` +
    `spread ${counts.spread} (${pct(counts.spread)} %) more; per-slot minimum ${(10 * Math.log10(inner.limits.minRatio)).toFixed(1)} dB\n` +
    `spread passes by dB: ${[...byDb.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([db, n]) => `${db}:${n}`)
      .join(' ')}\n`,
);
