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

export const ERROR_TEXTS = {
  loginFailedTitle: 'Login Failed',
  loginFailedText: 'Please enter valid credentials',
  saveTriggerFailed: 'Failed to save trigger',
  requestFailed: 'Failed to process your request',
  deleteTriggerFailed: 'Failed to delete trigger',
  simulateFailed: 'Failed to simulate trigger',
  noActiveTriggersTitle: 'No active triggers',
  noActiveTriggersText: 'There are no active triggers to listen for.',
  settingsSoon: 'Settings page will be available soon.',
  deleteConfirm: 'Are you sure you want to delete this trigger?',
} as const;
