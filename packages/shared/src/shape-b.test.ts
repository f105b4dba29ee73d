import { describe, expect, it } from 'vitest';
import { createShapeBTriggerSchema, fromShapeB, toShapeB } from './shape-b.ts';
import { createTriggerSchema, type Trigger } from './triggers.ts';

function row(overrides: Partial<Trigger>): Trigger {
  return {
    id: 1,
    name: 'T',
    description: null,
    type: 'URL',
    action: 'OPEN_URL',
    actionData: 'https://example.com',
    frequencyPattern: [1000, 1200, 1500, 1800],
    status: 'active',
    isActive: true,
    durationMs: 2000,
    signal: 'audible',
    publicId: 'tm_trg_1',
    publicTriggerId: 'tml_00000000000000000000000000000001',
    creatorId: 1,
    teamId: null,
    campaignId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    expiresAt: null,
    isPublic: false,
    conversionGoal: null,
    batteryImpactLevel: 'medium',
    priorityLevel: 'medium',
    broadcastMode: 'standard',
    targetAudience: null,
    embedCount: 0,
    activationCount: 0,
    activationLimit: null,
    analyticsEnabled: true,
    webhookUrl: null,
    audienceTargeting: null,
    metadata: null,
    ...overrides,
  };
}

describe('shape A <-> shape B', () => {
  it.each([
    ['URL', 'OPEN_URL', 'https://example.com', 'url'],
    ['APP', 'LAUNCH_APP', 'myapp://go', 'deepLink'],
    ['REWARD', 'DISPLAY_REWARD', '{"title":"Prize"}', 'notification'],
    ['CUSTOM', 'CUSTOM_ACTION', 'ping', 'notification'],
  ] as const)('round-trips %s', (type, action, actionData, actionType) => {
    const b = toShapeB(row({ type, action, actionData, signal: 'combined', durationMs: 1600 }));
    expect(b).toMatchObject({
      type: 'combined',
      duration: 1600,
      actionType,
      actionPayload: actionData,
      active: true,
      frequency: 1000,
    });
    expect(b.publicTriggerId).toBe('tml_00000000000000000000000000000001');
    const { id: _id, createdAt: _c, publicId: _p, publicTriggerId: _l, frequency: _f, ...body } = b;
    const back = createTriggerSchema.parse(fromShapeB(createShapeBTriggerSchema.parse(body)));
    expect(back).toMatchObject({
      type,
      action,
      actionData,
      signal: 'combined',
      durationMs: 1600,
      status: 'active',
    });
  });

  it('reports inactive rows as active: false', () => {
    expect(toShapeB(row({ status: 'inactive', isActive: false })).active).toBe(false);
  });

  it('requires the documented fields for API creation', () => {
    const result = createShapeBTriggerSchema.safeParse({ name: 'x' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.issues.map((i) => i.path[0]).sort()).toEqual(
        ['actionPayload', 'actionType', 'duration', 'frequencyPattern', 'type'].sort(),
      );
    }
  });
});
