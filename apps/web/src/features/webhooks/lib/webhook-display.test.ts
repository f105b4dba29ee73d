import { describe, expect, it } from 'vitest';
import { deliveryOutcome, webhookFormErrors } from './webhook-display';

describe('webhookFormErrors', () => {
  it('keeps the url message and folds item messages into one for the events group', () => {
    expect(
      webhookFormErrors({ url: 'Must be an http or https URL', 'events.1': 'Invalid enum value' }),
    ).toEqual({
      url: 'Must be an http or https URL',
      events: 'Invalid enum value',
    });
    expect(webhookFormErrors({ events: 'Required' })).toEqual({ url: undefined, events: 'Required' });
    expect(webhookFormErrors({ secret: 'Bad' })).toEqual({ url: undefined, events: undefined });
  });
});

describe('deliveryOutcome', () => {
  it('shows the status code when there was an answer, else the error', () => {
    expect(deliveryOutcome({ responseStatus: 204, error: null })).toBe('HTTP 204');
    expect(deliveryOutcome({ responseStatus: 500, error: 'Answered 500' })).toBe('HTTP 500');
    expect(deliveryOutcome({ responseStatus: null, error: 'Timed out after 10 s' })).toBe(
      'Timed out after 10 s',
    );
    expect(deliveryOutcome({ responseStatus: null, error: null })).toBe('No answer');
  });
});
