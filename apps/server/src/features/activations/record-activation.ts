import type { DetectTriggerMessage } from '@tonemark/shared';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { soundTriggers, triggerActivations } from '../../db/schema.ts';

export interface RecordedActivation {
  triggerId: number;
  creatorId: number | null;
  activationId: string;
  deviceType: string;
  activatedAt: Date;
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
  return db.transaction(async (tx) => {
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
    return { triggerId: trigger.id, creatorId: trigger.creatorId, deviceType: message.deviceType, ...row };
  });
}
