import {
  actionDataProblem,
  type CreateTriggerData,
  createTriggerSchema,
  DEFAULT_FREQUENCY_PATTERN,
  type Trigger,
  type TriggerAction,
} from '@tonemark/shared';
// Relative, not '@/': the root vitest unit project has no '@' alias and this module is unit-tested.
import { fieldErrorsFromZod } from '@/lib/field-errors';

/** What the trigger form edits: the shape A fields a creator sets by hand (SPEC §2.5). */
export type TriggerFormValues = Pick<
  CreateTriggerData,
  'name' | 'type' | 'action' | 'actionData' | 'status' | 'isPublic' | 'signal'
> & {
  description: string;
  frequencyPattern: number[];
};

/** The validated subset sent to POST (server fills the other defaults) or PATCH (other fields untouched). */
export type TriggerFormPayload = Pick<
  CreateTriggerData,
  | 'name'
  | 'description'
  | 'type'
  | 'action'
  | 'actionData'
  | 'frequencyPattern'
  | 'status'
  | 'isPublic'
  | 'signal'
>;

export const EMPTY_TRIGGER_FORM: TriggerFormValues = {
  name: '',
  description: '',
  type: 'URL',
  action: 'OPEN_URL',
  actionData: '',
  frequencyPattern: [...DEFAULT_FREQUENCY_PATTERN],
  status: 'active',
  isPublic: false,
  signal: 'audible',
};

export function formValuesFromTrigger(trigger: Trigger): TriggerFormValues {
  return {
    name: trigger.name,
    description: trigger.description ?? '',
    type: trigger.type,
    action: trigger.action,
    actionData: trigger.actionData,
    frequencyPattern:
      trigger.frequencyPattern.length === DEFAULT_FREQUENCY_PATTERN.length
        ? [...trigger.frequencyPattern]
        : [...DEFAULT_FREQUENCY_PATTERN],
    status: trigger.status,
    isPublic: trigger.isPublic,
    signal: trigger.signal,
  };
}

export type ValidationResult =
  | { success: true; payload: TriggerFormPayload }
  | { success: false; errors: Record<string, string> };

/** Validates with the shared create schema, so the form shows exactly the server's messages. */
export function validateTriggerForm(values: TriggerFormValues): ValidationResult {
  const parsed = createTriggerSchema.safeParse({
    name: values.name,
    description: values.description.trim() === '' ? null : values.description,
    type: values.type,
    action: values.action,
    actionData: values.actionData,
    frequencyPattern: values.frequencyPattern,
    status: values.status,
    isPublic: values.isPublic,
    signal: values.signal,
  });
  if (!parsed.success) {
    const errors = fieldErrorsFromZod(parsed.error);
    // zod skips the schema's refinements while other fields fail; show the URL rule at once anyway.
    const problem = actionDataProblem(values.action, values.actionData);
    if (problem && !errors.actionData) errors.actionData = problem;
    return { success: false, errors };
  }
  const { name, description, type, action, actionData, frequencyPattern, status, isPublic, signal } =
    parsed.data;
  return {
    success: true,
    payload: { name, description, type, action, actionData, frequencyPattern, status, isPublic, signal },
  };
}

export const ACTION_LABELS: Record<TriggerAction, string> = {
  OPEN_URL: 'Open URL',
  LAUNCH_APP: 'Launch App',
  DISPLAY_REWARD: 'Display Reward',
  CUSTOM_ACTION: 'Custom Action',
};

export const ACTION_DATA_HINTS: Record<TriggerAction, { label: string; placeholder: string; hint: string }> =
  {
    OPEN_URL: {
      label: 'URL to open',
      placeholder: 'https://example.com/offer',
      hint: 'The http(s) address the listener opens, e.g. https://example.com/offer',
    },
    LAUNCH_APP: {
      label: 'App link',
      placeholder: 'myapp://promo/summer',
      hint: 'The app or deep link to launch, e.g. myapp://promo/summer',
    },
    DISPLAY_REWARD: {
      label: 'Reward JSON',
      placeholder: '{"title": "Reward Unlocked", "description": "You have unlocked a reward!"}',
      hint: 'JSON with a title and a description, e.g. {"title": "10% off", "description": "Use code TONE10"}',
    },
    CUSTOM_ACTION: {
      label: 'Custom data',
      placeholder: 'event:podcast-intro',
      hint: 'Any text your app understands, such as an event name',
    },
  };
