/** SPEC §4 create flow: 45 while the create call runs, about 50 at the embed step, 100 once embedded. */
export function createFlowProgress(state: {
  creating: boolean;
  created: boolean;
  embedded: boolean;
}): number {
  if (state.embedded) return 100;
  if (state.created) return 50;
  return state.creating ? 45 : 0;
}

/** SPEC §4 wizard steps, in order; each moves on only after a successful server answer. */
export const WIZARD_STEPS = ['uploadMedia', 'createTrigger', 'embedTrigger', 'complete'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const WIZARD_STEP_LABELS: Record<WizardStep, string> = {
  uploadMedia: 'Upload Media',
  createTrigger: 'Create Trigger',
  embedTrigger: 'Embed Trigger',
  complete: 'Complete',
};

/** SPEC §2.16: the progress indicator shows 33, 66, 90 and 100 percent. */
const WIZARD_PROGRESS: Record<WizardStep, number> = {
  uploadMedia: 33,
  createTrigger: 66,
  embedTrigger: 90,
  complete: 100,
};

export function wizardProgress(step: WizardStep): number {
  return WIZARD_PROGRESS[step];
}

export function nextWizardStep(step: WizardStep): WizardStep {
  const index = WIZARD_STEPS.indexOf(step);
  return WIZARD_STEPS[Math.min(index + 1, WIZARD_STEPS.length - 1)] ?? 'complete';
}

/** SPEC §8 wizard fallbacks, shown when the failure carries no message of its own. */
export const WIZARD_FAILURE_TEXTS = {
  uploadFailed: 'Failed to upload media',
  createFailed: 'Failed to create trigger',
  embedFailed: 'Failed to embed trigger',
  missingInfo: 'Missing media or trigger information',
} as const;
