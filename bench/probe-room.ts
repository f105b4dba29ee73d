import {
  type ConditionContext,
  type ConditionId,
  conditionedChunks,
  inRoom,
  type ProgrammeInput,
} from './channel-conditions.ts';

/**
 * The audio a room probe reads: the condition's, or, where `PROBE_ROOM="length,width,height,rt60,
 * distance"` is set, a room the benchmark does not hold (6-talker babble at 0 dB at the
 * microphone): the rooms nobody tuned on (docs/decisions/audio-far-field-rooms.md, rooms2, rooms5).
 */
export function probeRoomChunks(
  condition: ConditionId,
  input: ProgrammeInput,
  ctx: ConditionContext,
): AsyncIterable<Float32Array> {
  const custom = process.env.PROBE_ROOM?.split(',').map(Number);
  if (!custom) return conditionedChunks(condition, input, ctx);
  return inRoom(input, ctx, {
    room: {
      size: [custom[0] ?? 5, custom[1] ?? 4, custom[2] ?? 2.7],
      rt60Sec: custom[3] ?? 0.6,
      distanceM: custom[4] ?? 3,
    },
    noise: 'babble',
    snrDb: 0,
  });
}
