import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIN_SURVIVING_KBPS } from '@tonemark/audio';
import { describe, expect, it } from 'vitest';
import type { CodecCell } from './codec-table.ts';

// The embed tools, the CLI and the help page warn from MIN_SURVIVING_KBPS; the committed full run
// (bench/audio-results.json, written with docs/audio-benchmark.md) is what was measured. A full run
// whose table moves fails this test until the warnings follow it.
const cells = (
  JSON.parse(readFileSync(join(import.meta.dirname, 'audio-results.json'), 'utf8')) as { codecs: CodecCell[] }
).codecs;

/** The lowest bitrate from which every cell up to the highest measured detected every trigger. */
function measuredMinimum(signal: CodecCell['signal'], codec: CodecCell['codec']): number | undefined {
  const row = cells.filter((c) => c.signal === signal && c.codec === codec).sort((a, b) => a.kbps - b.kbps);
  let min: number | undefined;
  for (let i = row.length - 1; i >= 0; i--) {
    const cell = row[i] as CodecCell;
    if (cell.detected !== cell.events) break;
    min = cell.kbps;
  }
  return min;
}

describe('the codec survival table the tools warn from', () => {
  it('holds every signal and codec of the last full run', () => {
    expect(cells.length).toBeGreaterThanOrEqual(48);
  });

  for (const signal of ['audible', 'ultrasonic', 'combined', 'streaming'] as const) {
    for (const codec of ['mp3', 'aac', 'opus'] as const) {
      it(`${signal} through ${codec}: the run's lowest surviving bitrate`, () => {
        expect(MIN_SURVIVING_KBPS[signal][codec]).toBe(measuredMinimum(signal, codec));
      });
    }
  }
});
