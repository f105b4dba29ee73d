import { describe, expect, it } from 'vitest';
import { ROOM_CARRY_MIN_HZ, roomCarryAdvice, tonesUnderRoomCarry } from './room-carry.ts';

describe('tonesUnderRoomCarry', () => {
  it('lists an audible pattern’s low tones once each, lowest first', () => {
    expect(tonesUnderRoomCarry([650, 1800, 500, 650])).toEqual([500, 650]);
    expect(tonesUnderRoomCarry([1000, 1200, 1500, 1800], 'audible')).toEqual([]);
    expect(tonesUnderRoomCarry([600, 1200, 1500, 1800], 'combined')).toEqual([600]);
  });

  it('counts the limit itself as carrying', () => {
    expect(tonesUnderRoomCarry([ROOM_CARRY_MIN_HZ, ROOM_CARRY_MIN_HZ - 50, 900, 1000])).toEqual([
      ROOM_CARRY_MIN_HZ - 50,
    ]);
  });

  it('finds nothing low where the signal plays the tones over 13 kHz', () => {
    for (const signal of ['ultrasonic', 'streaming'] as const)
      expect(tonesUnderRoomCarry([500, 550, 600, 650], signal)).toEqual([]);
  });
});

describe('roomCarryAdvice', () => {
  it('names the low tones in one sentence, and says nothing for a pattern that carries', () => {
    expect(roomCarryAdvice([600, 1200, 1500, 1800])).toBe(
      '600 Hz carries less well across a room: voices and music cover low tones first, so listeners far from the speaker may miss this trigger. Patterns from 700 Hz up carry further, but speech and music match them by chance more often.',
    );
    expect(roomCarryAdvice([500, 550, 650, 1800])).toMatch(/^500, 550 and 650 Hz carry less well/);
    expect(roomCarryAdvice([1000, 1200, 1500, 1800])).toBeUndefined();
    expect(roomCarryAdvice([500, 550, 650, 1800], 'streaming')).toBeUndefined();
  });
});
