import { describe, expect, it } from 'vitest';
import { EMPTY_TRIGGER_FORM, validateTriggerForm } from './trigger-form-values';

describe('validateTriggerForm', () => {
  it('reports the classic zod messages per field', () => {
    const result = validateTriggerForm({ ...EMPTY_TRIGGER_FORM, name: '   ', actionData: 'not a url' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors.name).toBe('String must contain at least 1 character(s)');
    expect(result.errors.actionData).toBe('Must be an http or https URL');
  });

  it('flags a frequency outside 500-2000 Hz by its index', () => {
    const result = validateTriggerForm({
      ...EMPTY_TRIGGER_FORM,
      name: 'Promo',
      actionData: 'https://example.com',
      frequencyPattern: [1000, 1200, 2500, 1800],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors['frequencyPattern.2']).toBe('Number must be less than or equal to 2000');
  });

  it('returns only the form fields, with an empty description as null', () => {
    const result = validateTriggerForm({
      ...EMPTY_TRIGGER_FORM,
      name: ' Promo ',
      actionData: 'https://example.com',
      status: 'inactive',
    });
    expect(result).toEqual({
      success: true,
      payload: {
        name: 'Promo',
        description: null,
        type: 'URL',
        action: 'OPEN_URL',
        actionData: 'https://example.com',
        frequencyPattern: [1000, 1200, 1500, 1800],
        status: 'inactive',
        isPublic: false,
        signal: 'audible',
      },
    });
  });

  it('carries the chosen signal, streaming included, and refuses one the contract does not know', () => {
    const base = { ...EMPTY_TRIGGER_FORM, name: 'Podcast', actionData: 'https://example.com' };
    const streaming = validateTriggerForm({ ...base, signal: 'streaming' });
    expect(streaming.success && streaming.payload.signal).toBe('streaming');
    const unknown = validateTriggerForm({ ...base, signal: 'radio' as 'audible' });
    expect(unknown.success).toBe(false);
    if (unknown.success) return;
    expect(unknown.errors.signal).toMatch(/Invalid enum value/);
  });
});
