import type { Campaign } from '@tonemark/shared';
import { describe, expect, it } from 'vitest';
import { activationCountLabel } from './activation-count';
import { campaignFormValues, withoutError } from './campaign-form-values';

const campaign: Campaign = {
  id: 7,
  name: 'Spring radio',
  description: null,
  status: 'archived',
  ownerId: 2,
  teamId: null,
  startDate: null,
  endDate: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-02T00:00:00.000Z',
  triggerCount: 1,
};

describe('campaign form values', () => {
  it('starts a new campaign blank and active', () => {
    expect(campaignFormValues()).toEqual({ name: '', description: '', status: 'active' });
  });

  it('starts an edit from the campaign as it is now, keeping an archived status', () => {
    expect(campaignFormValues(campaign)).toEqual({
      name: 'Spring radio',
      description: '',
      status: 'archived',
    });
    expect(campaignFormValues({ ...campaign, status: 'paused', description: 'Spots' })).toMatchObject({
      status: 'paused',
      description: 'Spots',
    });
  });

  it('drops only the changed field’s message', () => {
    const errors = { name: 'Required', description: 'Too long' };
    expect(withoutError(errors, 'name')).toEqual({ description: 'Too long' });
    expect(withoutError(errors, 'status')).toBe(errors);
  });
});

describe('activation count label', () => {
  it('uses the singular for one and groups thousands', () => {
    expect(activationCountLabel(0)).toBe('0 activations');
    expect(activationCountLabel(1)).toBe('1 activation');
    expect(activationCountLabel(1204)).toBe('1,204 activations');
  });
});
