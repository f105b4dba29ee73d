import type { DeviceType } from '@tonemark/shared';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { soundTriggers, triggerActivations } from '../../db/schema.ts';
import { afterActivationsStored, type RecordedActivation } from './activation-hooks.ts';

export { onActivationRecorded, type RecordedActivation } from './activation-hooks.ts';

export interface ActivationInput {
  triggerId: number;
  deviceType: DeviceType;
  osVersion: string;
  batteryImpact: number;
}

/**
 * Stores one activation and counts it on the trigger, in one transaction so the count and the
 * rows never disagree. Only active, unexpired triggers can be activated. Listener traffic goes
 * through the batched ActivationWriter instead; this single-row path serves tests and seeding.
 */
export async function recordActivation(
  db: Db,
  input: ActivationInput,
  fingerprint: string | undefined,
): Promise<RecordedActivation | undefined> {
  const outcome = await db.transaction(async (tx) => {
    const [trigger] = await tx
      .update(soundTriggers)
      .set({ activationCount: sql`${soundTriggers.activationCount} + 1` })
      .where(
        and(
          eq(soundTriggers.id, input.triggerId),
          eq(soundTriggers.status, 'active'),
          or(isNull(soundTriggers.expiresAt), gt(soundTriggers.expiresAt, new Date())),
        ),
      )
      .returning({
        id: soundTriggers.id,
        name: soundTriggers.name,
        creatorId: soundTriggers.creatorId,
        teamId: soundTriggers.teamId,
        campaignId: soundTriggers.campaignId,
      });
    if (!trigger) return undefined;
    const [row] = await tx
      .insert(triggerActivations)
      .values({
        triggerId: trigger.id,
        campaignId: trigger.campaignId,
        deviceType: input.deviceType,
        osVersion: input.osVersion,
        batteryImpact: input.batteryImpact,
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
      teamId: trigger.teamId,
      deviceType: input.deviceType,
      ...row,
    };
    const afterCommit = await afterActivationsStored(tx, [recorded]);
    return { recorded, afterCommit };
  });
  if (!outcome) return undefined;
  outcome.afterCommit(db);
  return outcome.recorded;
}
