import { describe, expect, it } from 'vitest';
import { describeZodError } from './errors.ts';
import {
  API_KEY_PATTERN,
  registerWebhookSchema,
  v1ActivationsQuerySchema,
  v1AnalyticsQuerySchema,
  v1TriggerListQuerySchema,
  WEBHOOK_SECRET_PATTERN,
} from './public-api.ts';

describe('public API contracts', () => {
  it('reads the trigger list query with SPEC §7 defaults', () => {
    expect(v1TriggerListQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(v1TriggerListQuerySchema.parse({ type: 'ultrasonic', active: 'false', limit: '10' })).toEqual({
      type: 'ultrasonic',
      active: false,
      limit: 10,
    });
    const bad = v1TriggerListQuerySchema.safeParse({ type: 'URL', limit: '0', extra: '1' });
    expect(bad.success).toBe(false);
    if (!bad.success)
      expect(Object.keys(describeZodError(bad.error).fields).sort()).toEqual(['(body)', 'limit', 'type']);
  });

  it('takes the activation filters and a date range', () => {
    expect(v1ActivationsQuerySchema.parse({ triggerId: '3', startDate: '2026-01-01' })).toEqual({
      triggerId: 3,
      startDate: '2026-01-01',
      limit: 100,
      offset: 0,
    });
    expect(v1ActivationsQuerySchema.safeParse({ format: 'csv' }).success).toBe(false);
    expect(v1AnalyticsQuerySchema.parse({})).toEqual({ dateRange: '30d' });
    expect(v1AnalyticsQuerySchema.safeParse({ dateRange: '1y' }).success).toBe(false);
  });

  it('registers webhooks for known events only, once each, with a well-formed secret', () => {
    expect(
      registerWebhookSchema.parse({
        url: 'https://example.com/hook',
        events: ['trigger.created', 'trigger.created', 'trigger.activated'],
      }),
    ).toEqual({ url: 'https://example.com/hook', events: ['trigger.created', 'trigger.activated'] });
    expect(
      registerWebhookSchema.safeParse({ url: 'javascript:alert(1)', events: ['trigger.created'] }).success,
    ).toBe(false);
    expect(
      WEBHOOK_SECRET_PATTERN.test(`whsec_${btoa(String.fromCharCode(...new Uint8Array(32).fill(1)))}`),
    ).toBe(true);
    expect(WEBHOOK_SECRET_PATTERN.test('whsec_short')).toBe(false);
    expect(WEBHOOK_SECRET_PATTERN.test('my-secret')).toBe(false);
  });

  it('recognises the key format', () => {
    expect(API_KEY_PATTERN.test(`tm_live_0123abcd_${'A'.repeat(43)}`)).toBe(true);
    expect(API_KEY_PATTERN.test(`tm_live_0123abcd_${'A'.repeat(42)}`)).toBe(false);
    expect(API_KEY_PATTERN.test(`tm_test_0123abcd_${'A'.repeat(43)}`)).toBe(false);
  });
});
