import type { DetectTriggerMessage } from '@tonemark/shared';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { soundTriggers, triggerActivations } from '../../db/schema.ts';
import { enqueueActivationWebhooks } from '../public-api/webhook-outbox.ts';

export interface RecordedActivation {
  triggerId: number;
  triggerName: string;
  creatorId: number | null;
  activationId: string;
  deviceType: string;
  activatedAt: Date;
}

type ActivationListener = (activation: RecordedActivation) => void;
const listeners = new WeakMap<Db, Set<ActivationListener>>();

/**
 * Calls `listener` after each activation recorded on `db` has committed (it wakes the webhook
 * dispatcher; the deliveries themselves were enqueued in the activation's transaction). Keyed by database, so apps sharing a process never hear each other.
 */
export function onActivationRecorded(db: Db, listener: ActivationListener): () => void {
  const set = listeners.get(db) ?? new Set<ActivationListener>();
  listeners.set(db, set);
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Stores one activation and counts it on the trigger, in one transaction so the count and the
 * rows never disagree. Only active, unexpired triggers can be activated: that is all a listener
 * is ever told about.
 */
export async function recordActivation(
  db: Db,
  message: DetectTriggerMessage,
  fingerprint: string | undefined,
): Promise<RecordedActivation | undefined> {
  const recorded = await db.transaction(async (tx) => {
    const [trigger] = await tx
      .update(soundTriggers)
      .set({ activationCount: sql`${soundTriggers.activationCount} + 1` })
      .where(
        and(
          eq(soundTriggers.id, message.triggerId),
          eq(soundTriggers.status, 'active'),
          or(isNull(soundTriggers.expiresAt), gt(soundTriggers.expiresAt, new Date())),
        ),
      )
      .returning({
        id: soundTriggers.id,
        name: soundTriggers.name,
        creatorId: soundTriggers.creatorId,
        campaignId: soundTriggers.campaignId,
      });
    if (!trigger) return undefined;
    const [row] = await tx
      .insert(triggerActivations)
      .values({
        triggerId: trigger.id,
        campaignId: trigger.campaignId,
        deviceType: message.deviceType,
        osVersion: message.osVersion,
        batteryImpact: message.batteryImpact,
        deviceFingerprint: fingerprint,
      })
      .returning({
        activationId: triggerActivations.activationId,
        activatedAt: triggerActivations.activatedAt,
      });
    if (!row) throw new Error('insert returned no row');
    const recorded: RecordedActivation = {
      triggerId: trigger.id,
      triggerName: trigger.name,
      creatorId: trigger.creatorId,
      deviceType: message.deviceType,
      ...row,
    };
    // trigger.activated deliveries commit with the activation (the webhook outbox).
    await enqueueActivationWebhooks(tx as Db, [recorded]);
    return recorded;
  });
  if (recorded) for (const listener of listeners.get(db) ?? []) listener(recorded);
  return recorded;
}
