/** Fixed failure texts the web app shows (SPEC §9); only the web client says them. */
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
