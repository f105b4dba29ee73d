import { describe, expect, it } from 'vitest';
import {
  actionDataProblem,
  createTriggerSchema,
  defaultActionForType,
  HTTP_URL_MESSAGE,
  isHttpUrl,
  opensLink,
  updateTriggerSchema,
} from './triggers.ts';

const base = { name: 'Promo', type: 'URL', actionData: 'https://example.com' };

describe('createTriggerSchema', () => {
  it('fills the SPEC defaults', () => {
    const parsed = createTriggerSchema.parse(base);
    expect(parsed).toMatchObject({
      action: 'OPEN_URL',
      frequencyPattern: [1000, 1200, 1500, 1800],
      status: 'active',
      durationMs: 2000,
      signal: 'audible',
      batteryImpactLevel: 'medium',
    });
  });

  it.each([undefined, null, 'abc', 42, { 0: 1000 }])(
    'defaults a frequencyPattern that is not an array (%s)',
    (value) => {
      expect(createTriggerSchema.parse({ ...base, frequencyPattern: value }).frequencyPattern).toEqual([
        1000, 1200, 1500, 1800,
      ]);
    },
  );

  it('needs exactly four frequencies from 500 to 2000 Hz', () => {
    const messages = (pattern: unknown) => {
      const result = createTriggerSchema.safeParse({ ...base, frequencyPattern: pattern });
      return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(messages([500, 1000, 1500, 2000])).toEqual([]);
    expect(messages([1000, 1200, 1500])).toEqual([
      'frequencyPattern: Array must contain exactly 4 element(s)',
    ]);
    expect(messages([499, 1200, 1500, 2001])).toEqual([
      'frequencyPattern.0: Number must be greater than or equal to 500',
      'frequencyPattern.3: Number must be less than or equal to 2000',
    ]);
    expect(messages([1000, '1200', 1500, 1800])).toEqual([
      'frequencyPattern.1: Expected number, received string',
    ]);
  });

  it('quotes the classic zod messages for missing and empty fields', () => {
    const result = createTriggerSchema.safeParse({ type: 'URL', name: '', actionData: 'https://x.io' });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(result.error.issues[0]?.message).toBe('String must contain at least 1 character(s)');
    const missing = createTriggerSchema.safeParse({ type: 'URL', actionData: 'https://x.io' });
    if (!missing.success)
      expect(missing.error.issues[0]).toMatchObject({ path: ['name'], message: 'Required' });
  });

  it('lets OPEN_URL carry only http(s) links', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', 'file:///etc/passwd', 'not a url']) {
      expect(createTriggerSchema.safeParse({ ...base, actionData: bad }).success).toBe(false);
    }
    expect(createTriggerSchema.safeParse({ ...base, type: 'APP', actionData: 'myapp://open' }).success).toBe(
      true,
    );
  });

  it('refuses unknown keys', () => {
    expect(createTriggerSchema.safeParse({ ...base, creatorId: 7 }).success).toBe(false);
  });
});

describe('updateTriggerSchema', () => {
  it('accepts any subset and leaves absent fields absent', () => {
    expect(updateTriggerSchema.parse({ name: 'New' })).toEqual({ name: 'New' });
    expect(updateTriggerSchema.parse({})).toEqual({});
  });
});

describe('defaultActionForType', () => {
  it('maps each type as SPEC §4 says', () => {
    expect(['URL', 'APP', 'REWARD', 'CUSTOM', 'OTHER'].map(defaultActionForType)).toEqual([
      'OPEN_URL',
      'LAUNCH_APP',
      'DISPLAY_REWARD',
      'CUSTOM_ACTION',
      'CUSTOM_ACTION',
    ]);
  });
});

describe('isHttpUrl', () => {
  it('accepts only http and https', () => {
    expect(isHttpUrl('https://a.io/x?y')).toBe(true);
    expect(isHttpUrl('http://localhost:5000')).toBe(true);
    expect(isHttpUrl('JavaScript:alert(1)')).toBe(false);
    expect(isHttpUrl('')).toBe(false);
  });
});

describe('the OPEN_URL rule', () => {
  it('asks an http(s) link of OPEN_URL only', () => {
    expect(actionDataProblem('OPEN_URL', 'javascript:alert(1)')).toBe(HTTP_URL_MESSAGE);
    expect(actionDataProblem('OPEN_URL', 'https://example.com/a')).toBeUndefined();
    expect(actionDataProblem('CUSTOM_ACTION', 'javascript:alert(1)')).toBeUndefined();
  });

  it('lets the click-through open only a stored OPEN_URL with a valid link', () => {
    expect(opensLink('OPEN_URL', 'https://example.com/a')).toBe(true);
    expect(opensLink('OPEN_URL', 'file:///etc/passwd')).toBe(false);
    expect(opensLink('OPEN_URL', null)).toBe(false);
    expect(opensLink('LAUNCH_APP', 'https://example.com/a')).toBe(false);
    expect(opensLink(null, 'https://example.com/a')).toBe(false);
  });
});
