import type { ZodError } from 'zod';

/** 'name: Required; frequencyPattern.2: Number must be ...' — names each failing field. */
export function describeZodError(error: ZodError): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '(body)';
    if (!(key in fields)) fields[key] = issue.message;
  }
  const message = Object.entries(fields)
    .map(([key, text]) => (key === '(body)' ? text : `${key}: ${text}`))
    .join('; ');
  return { message, fields };
}
