import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codecBed } from './codec-table.ts';
import {
  parseSplit,
  quietSplitStartSec,
  TUNE_QUIET_SEC,
  TUNE_TRIGGERED_SEC,
  triggeredSplitStartSec,
} from './corpus-split.ts';

const RATE = 10;

describe('codecBed', () => {
  let dir = '';
  let quiet = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'codec-bed-'));
    quiet = join(dir, 'quiet.f32');
    // 100 s at 10 Hz, each sample its own index, so a read says where it started.
    const samples = Float32Array.from({ length: 100 * RATE }, (_, i) => i);
    await writeFile(quiet, Buffer.from(samples.buffer));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads whole 8 s slots from the split start it is given', async () => {
    const bed = await codecBed(quiet, RATE, 20, 30);
    expect(bed.length).toBe(16 * RATE);
    expect(bed[0]).toBe(30 * RATE);
    expect(bed[bed.length - 1]).toBe(46 * RATE - 1);
  });

  it('starts held-out stretches after the tuning ones, tuning and whole-corpus stretches at 0', () => {
    expect(quietSplitStartSec(parseSplit('heldout'))).toBe(TUNE_QUIET_SEC);
    expect(quietSplitStartSec(parseSplit('tune'))).toBe(0);
    expect(triggeredSplitStartSec(parseSplit('heldout'))).toBe(TUNE_TRIGGERED_SEC);
    expect(triggeredSplitStartSec(parseSplit('all'))).toBe(0);
    expect(() => parseSplit('other')).toThrow(/all, tune or heldout/);
  });
});
