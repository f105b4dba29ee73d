import type { ZodError } from 'zod';

/** First message per top-level field, e.g. { email: 'Invalid email' }. */
export function fieldErrorsFromZod(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}
