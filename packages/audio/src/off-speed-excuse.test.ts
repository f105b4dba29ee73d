import { describe, expect, it } from 'vitest';
import { MASKED_SLOT_SPEED_SPAN } from './masked-slot-speed.ts';
import { excusedOthersBarDb, OFF_SPEED_OTHERS_DB } from './off-speed-excuse.ts';

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
});
