import { describe, expect, it } from 'vitest';
import { apiDocument, endpointsOf, errorCatalogue, schemaLabel, webhookExample } from './openapi-view';

describe('/api-docs view of the OpenAPI document', () => {
  const tabs = ['triggers', 'activations', 'analytics', 'webhooks'] as const;

  it('shows every documented /api/v1 operation in exactly one tab', () => {
    const shown = tabs.flatMap((tab) => endpointsOf(tab).map((e) => `${e.method} ${e.path}`));
    const documented = Object.entries(apiDocument.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter(() => !path.endsWith('/openapi.json'))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(shown.sort()).toEqual(documented.sort());
  });

  it('builds runnable requests and shows the documented answers', () => {
    const [list] = endpointsOf('triggers');
    expect(list?.request('https://tm.example/api/v1')).toContain(
      'curl "https://tm.example/api/v1/triggers?type=audible&active=true&limit=50"',
    );
    const deliveries = endpointsOf('webhooks').find((e) => e.path.endsWith('/deliveries'));
    expect(deliveries?.request('https://tm.example/api/v1')).toContain(
      'https://tm.example/api/v1/webhooks/42/deliveries',
    );
    expect(list?.response).toMatchObject({ success: true });
    expect(list?.fields.map((f) => f.name)).toEqual(['type', 'active', 'limit']);
    expect(errorCatalogue().map((e) => e.status)).toEqual([
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '415',
      '429',
    ]);
    expect(webhookExample('trigger.activated')).toMatchObject({ type: 'trigger.activated' });
  });

  it('labels schemas briefly', () => {
    expect(schemaLabel({ type: 'integer', minimum: 1, maximum: 500 })).toBe('integer (1–500)');
    expect(schemaLabel({ type: 'array', items: { type: 'number' }, minItems: 4, maxItems: 4 })).toBe(
      'number[4]',
    );
    expect(schemaLabel({ type: 'string', enum: ['url', 'deepLink'] })).toBe('url | deepLink');
  });
});
