import { describe, expect, it } from 'vitest';
import { createFlowProgress, nextWizardStep, WIZARD_STEPS, wizardProgress } from './flow-progress';

describe('createFlowProgress', () => {
  it('reads 0, 45, 50 and 100 through the create flow', () => {
    expect(createFlowProgress({ creating: false, created: false, embedded: false })).toBe(0);
    expect(createFlowProgress({ creating: true, created: false, embedded: false })).toBe(45);
    expect(createFlowProgress({ creating: false, created: true, embedded: false })).toBe(50);
    expect(createFlowProgress({ creating: false, created: true, embedded: true })).toBe(100);
  });
});

describe('wizard steps', () => {
  it('shows 33, 66, 90 and 100 percent', () => {
    expect(WIZARD_STEPS.map(wizardProgress)).toEqual([33, 66, 90, 100]);
  });
  it('moves one step forward and stays on complete', () => {
    expect(nextWizardStep('uploadMedia')).toBe('createTrigger');
    expect(nextWizardStep('embedTrigger')).toBe('complete');
    expect(nextWizardStep('complete')).toBe('complete');
  });
});
