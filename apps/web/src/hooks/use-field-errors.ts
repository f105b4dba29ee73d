import { useState } from 'react';
import type { ZodType, ZodTypeDef } from 'zod';
import { ApiError } from '@/lib/api-client';
import { fieldErrorsFromZod } from '@/lib/field-errors';

/**
 * A form's per-field messages: from the shared contract before sending, and from the server's 400
 * answer after, so both sides show the same words under the same fields.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});

  /** The parsed input, or undefined with the contract's messages shown. */
  function check<T>(schema: ZodType<T, ZodTypeDef, unknown>, input: unknown): T | undefined {
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return undefined;
    }
    setErrors({});
    return parsed.data;
  }

  /** Shows a refused request's field messages; `form` also keeps its overall text. */
  function showServerErrors(error: unknown, { form = false }: { form?: boolean } = {}) {
    if (error instanceof ApiError)
      setErrors(form ? { ...error.fields, form: error.serverMessage } : error.fields);
  }

  return { errors, setErrors, check, showServerErrors };
}
