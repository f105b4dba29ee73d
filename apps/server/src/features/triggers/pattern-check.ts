import { findConfusablePatterns } from '@tonemark/audio';
import type { ConfusableTrigger, PatternCheckInput } from '@tonemark/shared';
import type { Db } from '../../db/client.ts';
import { activeListenerTriggers } from '../listener/active-triggers.ts';

/**
 * The active triggers a listener could mistake for this pattern. Listeners hear every active
 * trigger on the platform at once, so the comparison spans all creators; the names and patterns
 * it returns are the ones the public listener endpoint already publishes.
 */
export async function confusableTriggers(db: Db, input: PatternCheckInput): Promise<ConfusableTrigger[]> {
  const heard = (await activeListenerTriggers(db)).filter((trigger) => trigger.id !== input.excludeId);
  const byId = new Map(heard.map((trigger) => [trigger.id, trigger]));
  const found = findConfusablePatterns(input.frequencyPattern, heard, {
    durationMs: input.durationMs,
    signal: input.signal,
  });
  return found.flatMap((match) => {
    const trigger = byId.get(Number(match.id));
    return trigger
      ? [
          {
            id: trigger.id,
            name: trigger.name,
            frequencyPattern: trigger.frequencyPattern,
            kind: match.kind,
            similarity: match.similarity,
            reason: match.reason,
          },
        ]
      : [];
  });
}
