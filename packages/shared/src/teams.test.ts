import { describe, expect, it } from 'vitest';
import { canManageTeam, canReadAsset, canWriteAsset, type TeamRole } from './teams.ts';

const me = (role: 'admin' | 'creator' | 'viewer') => ({ id: 7, role });
const mine = { ownerId: 7, teamId: null };
const someoneElses = { ownerId: 8, teamId: null };
const teamAsset = { ownerId: 8, teamId: 3 };
const inTeam = (role: TeamRole) => new Map([[3, role]]);
const noTeams = new Map<number, TeamRole>();

describe('the access rule (docs/decisions/teams-and-access.md)', () => {
  it('gives platform admins everything', () => {
    for (const asset of [mine, someoneElses, teamAsset]) {
      expect(canReadAsset(me('admin'), asset, noTeams)).toBe(true);
      expect(canWriteAsset(me('admin'), asset, noTeams)).toBe(true);
    }
    expect(canManageTeam(me('admin'), undefined)).toBe(true);
  });

  it('gives a creator its own assets and no one else’s', () => {
    expect(canWriteAsset(me('creator'), mine, noTeams)).toBe(true);
    expect(canReadAsset(me('creator'), someoneElses, noTeams)).toBe(false);
    expect(canReadAsset(me('creator'), teamAsset, noTeams)).toBe(false);
  });

  it('lets the team role decide for creators: admin and creator write, viewer reads', () => {
    for (const role of ['admin', 'creator', 'viewer'] as const) {
      expect(canReadAsset(me('creator'), teamAsset, inTeam(role))).toBe(true);
      expect(canWriteAsset(me('creator'), teamAsset, inTeam(role))).toBe(role !== 'viewer');
    }
    expect(canReadAsset(me('creator'), { ownerId: 8, teamId: 4 }, inTeam('admin'))).toBe(false);
    expect(canManageTeam(me('creator'), 'admin')).toBe(true);
    expect(canManageTeam(me('creator'), 'creator')).toBe(false);
  });

  it('keeps a viewer account read-only whatever its team role', () => {
    expect(canReadAsset(me('viewer'), teamAsset, inTeam('admin'))).toBe(true);
    expect(canWriteAsset(me('viewer'), teamAsset, inTeam('admin'))).toBe(false);
    expect(canWriteAsset(me('viewer'), mine, noTeams)).toBe(false);
    expect(canManageTeam(me('viewer'), 'admin')).toBe(false);
  });

  it('accepts team roles as a plain record too (the screens build one from /api/teams)', () => {
    expect(canWriteAsset(me('creator'), teamAsset, { 3: 'creator' })).toBe(true);
    expect(canWriteAsset(me('creator'), teamAsset, { 3: 'viewer' })).toBe(false);
  });
});
