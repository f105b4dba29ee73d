import { roomCarryAdvice } from '@tonemark/audio';
import type { TriggerSignal } from '@tonemark/shared';
import { Info } from 'lucide-react';

/**
 * Advice, not a warning: a tone under the room limit is the one a listener across a room misses,
 * and patterns above it are matched by chance more often (docs/decisions/room-carry.md). The
 * slider keeps its SPEC range; the creator decides.
 */
export function RoomCarryNotice({
  frequencyPattern,
  signal,
}: {
  frequencyPattern: number[];
  signal?: TriggerSignal;
}) {
  const advice = roomCarryAdvice(frequencyPattern, signal);
  if (advice === undefined) return null;
  return (
    <div
      role="note"
      data-testid="room-carry-notice"
      className="flex gap-3 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>{advice}</p>
    </div>
  );
}
