import { PATTERN_TAKEN_CODE, PLAN_LIMIT_CODE } from '@tonemark/shared';
import { toast } from '@/hooks/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { ERROR_TEXTS } from '@/lib/error-texts';

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

/** The toast when creating or editing a trigger fails: the plan limit's own words, a network
 * failure (fetch throws TypeError) as such, else the server's message or the generic one. */
export function toastTriggerSaveError(error: unknown): void {
  toast({
    title: 'Error',
    description:
      planLimitMessageOf(error) ??
      errorMessage(
        error,
        error instanceof TypeError ? ERROR_TEXTS.requestFailed : ERROR_TEXTS.saveTriggerFailed,
      ),
    variant: 'destructive',
  });
}
