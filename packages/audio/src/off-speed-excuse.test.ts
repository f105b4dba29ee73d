import { describe, expect, it } from 'vitest';
import { FADED_SLOT_SPEED_SPAN } from './faded-slot.ts';
import { MASKED_SLOT_SPEED_SPAN } from './masked-slot-speed.ts';
import {
  COVERED_SLOT_FLOOR_DB,
  excusedOthersBarDb,
  mayExcuseFadedReading,
  OFF_SPEED_OTHERS_DB,
} from './off-speed-excuse.ts';

describe('the bar beside a masked slot', () => {
  it('is the usual strong-slot level near the speed a trigger was made at', () => {
    expect(excusedOthersBarDb(1, 12)).toBe(12);
    expect(excusedOthersBarDb(1 + MASKED_SLOT_SPEED_SPAN, 12)).toBe(12);
  });

  it('is higher off speed 1, where the speed search slides patterns along the music', () => {
    expect(OFF_SPEED_OTHERS_DB).toBeGreaterThan(12);
    for (const speed of [0.95, 0.98, 0.994, 1.006, 1.02, 1.05]) {
      expect(excusedOthersBarDb(speed, 12)).toBe(OFF_SPEED_OTHERS_DB);
    }
  });

  it('beside a faded slot, keeps the narrower span of speed 1 of the faded excuse', () => {
    expect(excusedOthersBarDb(1, 12, 'faded')).toBe(12);
    expect(excusedOthersBarDb(1 + FADED_SLOT_SPEED_SPAN, 12, 'faded')).toBe(12);
    // Within the masked span, outside the faded one.
    expect(excusedOthersBarDb(1.004, 12, 'masked')).toBe(12);
    expect(excusedOthersBarDb(1.004, 12, 'faded')).toBe(OFF_SPEED_OTHERS_DB);
    expect(excusedOthersBarDb(0.95, 12, 'faded')).toBe(OFF_SPEED_OTHERS_DB);
  });

  it('off the faded span of speed 1, excuses a faded slot only at the covered floor or over', () => {
    const floor = 10 ** (COVERED_SLOT_FLOOR_DB / 10);
    expect(mayExcuseFadedReading(1, 0.01)).toBe(true);
    expect(mayExcuseFadedReading(1 + FADED_SLOT_SPEED_SPAN, 0.01)).toBe(true);
    for (const speed of [0.95, 0.98, 1.004, 1.02, 1.05]) {
      expect(mayExcuseFadedReading(speed, floor * 1.01)).toBe(true);
      expect(mayExcuseFadedReading(speed, 1)).toBe(true);
      expect(mayExcuseFadedReading(speed, floor * 0.99)).toBe(false);
      expect(mayExcuseFadedReading(speed, 0.15)).toBe(false);
    }
  });
});
