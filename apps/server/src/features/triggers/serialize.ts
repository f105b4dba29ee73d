import type { ListenerTrigger, Trigger } from '@tonemark/shared';
import type { TriggerRow } from '../../db/schema.ts';

/** Row -> shape A. The enum columns are database enums built from the contracts' value lists. */
export function toTrigger(row: TriggerRow): Trigger {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    action: row.action,
    actionData: row.actionData,
    frequencyPattern: row.frequencyPattern,
    status: row.status,
    isActive: row.status === 'active',
    durationMs: row.durationMs,
    signal: row.signal,
    publicId: row.publicId,
    publicTriggerId: row.listenerId,
    creatorId: row.creatorId,
    campaignId: row.campaignId,
    teamId: row.teamId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    isPublic: row.isPublic,
    conversionGoal: row.conversionGoal,
    batteryImpactLevel: row.batteryImpactLevel,
    priorityLevel: row.priorityLevel,
    broadcastMode: row.broadcastMode,
    targetAudience: row.targetAudience,
    embedCount: row.embedCount,
    activationCount: row.activationCount,
    activationLimit: row.activationLimit,
    analyticsEnabled: row.analyticsEnabled,
    webhookUrl: row.webhookUrl,
    audienceTargeting: row.audienceTargeting ?? null,
    metadata: row.metadata ?? null,
  };
}

/** Row -> what the owner's simulator (SIMULATE_TRIGGER) is told of a trigger: part of shape A. */
export function toListenerTrigger(row: TriggerRow): ListenerTrigger {
  const { id, name, type, action, actionData, frequencyPattern, durationMs, signal } = toTrigger(row);
  return { id, name, type, action, actionData, frequencyPattern, durationMs, signal };
}

/** Who owns a trigger, as the access rules (features/teams/access.ts) read it. */
export function ownerOf(row: Pick<TriggerRow, 'creatorId' | 'teamId'>): {
  ownerId: number | null;
  teamId: number | null;
} {
  return { ownerId: row.creatorId, teamId: row.teamId };
}
