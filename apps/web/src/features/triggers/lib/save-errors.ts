import { PATTERN_TAKEN_CODE, PLAN_LIMIT_CODE } from '@tonemark/shared';
import { ApiError } from '@/lib/api-client';

/** The plan-limit refusal's own message ('Your Starter plan allows 5 ...'), if that is the error. */
export function planLimitMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.code === PLAN_LIMIT_CODE ? error.serverMessage : undefined;
}

/** Per-field server errors for the trigger form; a plan limit is shown as a form-level error. */
export function triggerSaveErrors(error: unknown): Record<string, string> | undefined {
  const planLimit = planLimitMessageOf(error);
  if (planLimit) return { form: planLimit };
  // Another account's active trigger has these exact tones: shown under the pattern.
  if (error instanceof ApiError && error.code === PATTERN_TAKEN_CODE)
    return { frequencyPattern: error.serverMessage };
  return error instanceof ApiError ? error.fields : undefined;
}
