import type { ListenerTrigger, TriggerAction, TriggerSignal, TriggerType } from '@tonemark/shared';
import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { soundTriggers, type TriggerRow } from '../../db/schema.ts';

export function toListenerTrigger(row: Pick<TriggerRow, keyof ListenerTrigger>): ListenerTrigger {
  return {
    id: row.id,
    name: row.name,
    type: row.type as TriggerType,
    action: row.action as TriggerAction,
    actionData: row.actionData,
    frequencyPattern: row.frequencyPattern,
    durationMs: row.durationMs,
    signal: row.signal as TriggerSignal,
  };
}

/** Every active, unexpired trigger on the platform, as a public listener may know it. */
export async function activeListenerTriggers(db: Db): Promise<ListenerTrigger[]> {
  const rows = await db
    .select({
      id: soundTriggers.id,
      name: soundTriggers.name,
      type: soundTriggers.type,
      action: soundTriggers.action,
      actionData: soundTriggers.actionData,
      frequencyPattern: soundTriggers.frequencyPattern,
      durationMs: soundTriggers.durationMs,
      signal: soundTriggers.signal,
    })
    .from(soundTriggers)
    .where(
      and(
        eq(soundTriggers.status, 'active'),
        or(isNull(soundTriggers.expiresAt), gt(soundTriggers.expiresAt, new Date())),
      ),
    )
    .orderBy(asc(soundTriggers.id));
  return rows.map(toListenerTrigger);
}
