import type { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { API_RATE_LIMIT_PER_MINUTE, SDK_VERSION } from '../constants.ts';
import { API_KEY_HEADER, WEBHOOK_EVENTS } from '../public-api.ts';
import { shapeBTriggerSchema } from '../shape-b.ts';
import { triggerActivatedDataSchema, v1ErrorSchema } from './v1-contracts.ts';
import { exampleTrigger, exampleTriggerActivated, exampleValidationError } from './v1-examples.ts';
import { V1_OPERATIONS, type V1Operation } from './v1-operations.ts';

// OpenAPI 3.1 for /api/v1, built from the route table and its zod contracts (public-api.md).

export type JsonSchema = { [key: string]: unknown };
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  webhooks: Record<string, { post: OpenApiOperation }>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
    headers: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
  security: Record<string, string[]>[];
  tags: { name: string; description: string }[];
};
export type OpenApiOperation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema; example?: unknown }> };
  responses: Record<string, JsonSchema>;
};
export type OpenApiParameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
  example?: unknown;
};

export const V1_BASE_PATH = '/api/v1';
export const OPENAPI_PATH = `${V1_BASE_PATH}/openapi.json`;
export const RATE_LIMIT_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
] as const;

/** JSON Schema (2020-12 compatible subset) of a contract, as the client sends it (`input`) or receives it. */
export function jsonSchemaOf(schema: z.ZodTypeAny, io: 'input' | 'output' = 'output'): JsonSchema {
  const converted = zodToJsonSchema(schema, {
    target: 'jsonSchema2019-09',
    $refStrategy: 'none',
    effectStrategy: io === 'input' ? 'input' : 'any',
    pipeStrategy: io,
    removeAdditionalStrategy: 'strict',
  }) as JsonSchema;
  delete converted.$schema;
  return converted;
}

const ref = (kind: 'schemas' | 'responses' | 'headers', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

const rateLimitHeaders = Object.fromEntries(RATE_LIMIT_HEADERS.map((name) => [name, ref('headers', name)]));

function errorResponse(
  description: string,
  withRateLimit = true,
  extraHeaders: Record<string, unknown> = {},
) {
  return {
    description,
    ...(withRateLimit || Object.keys(extraHeaders).length > 0
      ? { headers: { ...(withRateLimit ? rateLimitHeaders : {}), ...extraHeaders } }
      : {}),
    content: { 'application/json': { schema: ref('schemas', 'Error') } },
  };
}

const ERROR_RESPONSES: Record<string, { name: string; response: JsonSchema }> = {
  '400': {
    name: 'BadRequest',
    response: {
      ...errorResponse(
        'A parameter or body field is missing or wrong (code VALIDATION); `fields` names each.',
      ),
      content: { 'application/json': { schema: ref('schemas', 'Error'), example: exampleValidationError } },
    },
  },
  '401': {
    name: 'Unauthorized',
    response: errorResponse(
      'No X-API-Key header, or the key is unknown or revoked (code UNAUTHORIZED).',
      false,
    ),
  },
  '403': {
    name: 'Forbidden',
    response: errorResponse(
      'A viewer’s key tried to change something (FORBIDDEN), or the plan allows no more active triggers (PLAN_LIMIT).',
    ),
  },
  '404': { name: 'NotFound', response: errorResponse('No such item among yours (code NOT_FOUND).') },
  '409': {
    name: 'Conflict',
    response: errorResponse('Taken pattern (PATTERN_TAKEN) or too many webhooks (WEBHOOK_LIMIT).'),
  },
  '413': { name: 'PayloadTooLarge', response: errorResponse('The request body is too large.') },
  '415': { name: 'UnsupportedMediaType', response: errorResponse('Send the body as application/json.') },
  '429': {
    name: 'TooManyRequests',
    response: errorResponse(
      `More than ${API_RATE_LIMIT_PER_MINUTE} requests a minute with this key (code RATE_LIMITED).`,
      true,
      { 'Retry-After': ref('headers', 'Retry-After') },
    ),
  },
};

function withRules(schema: JsonSchema, rules: Record<string, unknown>[] = []): JsonSchema {
  return rules.length > 0 ? { ...schema, allOf: rules } : schema;
}

/** The body's properties with their readers' descriptions. */
function described(schema: JsonSchema, fields: Record<string, string> = {}): JsonSchema {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return {
    ...schema,
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [
        name,
        fields[name] ? { ...property, description: fields[name] } : property,
      ]),
    ),
  };
}

/** Query values are text on the wire; the document shows them as their schema's type. */
function typedExample(value: string, schema: JsonSchema): unknown {
  return schema.type === 'integer' && /^[0-9]+$/.test(value) ? Number(value) : value;
}

function parametersOf(operation: V1Operation): OpenApiParameter[] {
  const parameters: OpenApiParameter[] = [];
  for (const [where, schema] of [
    ['path', operation.params],
    ['query', operation.query],
  ] as const) {
    if (!schema) continue;
    const object = jsonSchemaOf(schema, 'input');
    const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((object.required ?? []) as string[]);
    const example = where === 'query' ? operation.example.query : undefined;
    for (const [name, property] of Object.entries(properties)) {
      const { description: _, ...propertySchema } = property;
      const description = operation.fields?.[name];
      parameters.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(description ? { description } : {}),
        schema: propertySchema,
        ...(example?.[name] !== undefined ? { example: typedExample(example[name], propertySchema) } : {}),
      });
    }
  }
  return parameters;
}

function pathOperation(operation: V1Operation): OpenApiOperation {
  // A body in another content type or too large is refused on any route, even one without a body.
  const statuses = [...new Set(['400', '401', ...operation.errors.map(String), '413', '415', '429'])].sort();
  const parameters = parametersOf(operation);
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.tag],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: withRules(
                  described(jsonSchemaOf(operation.body, 'input'), operation.fields),
                  operation.bodyRules,
                ),
                example: operation.example.body,
              },
            },
          },
        }
      : {}),
    responses: {
      [String(operation.status)]: {
        description: operation.status === 201 ? 'Created' : 'OK',
        headers: rateLimitHeaders,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['success', 'data'],
              additionalProperties: false,
              properties: { success: { const: true }, data: jsonSchemaOf(operation.response) },
            },
            example: { success: true, data: operation.example.response },
          },
        },
      },
      ...Object.fromEntries(
        statuses.map((status) => [status, ref('responses', ERROR_RESPONSES[status]?.name ?? 'BadRequest')]),
      ),
    },
  };
}

function webhookOperation(event: (typeof WEBHOOK_EVENTS)[number]): { post: OpenApiOperation } {
  const data =
    event === 'trigger.created' ? ref('schemas', 'Trigger') : ref('schemas', 'TriggerActivatedData');
  return {
    post: {
      operationId: event === 'trigger.created' ? 'onTriggerCreated' : 'onTriggerActivated',
      summary:
        event === 'trigger.created'
          ? 'Sent when one of your triggers is created (in the app or through the API).'
          : 'Sent when a listener’s detection of one of your triggers is stored.',
      description:
        'Standard Webhooks: the signed content is `{webhook-id}.{webhook-timestamp}.{raw body}`, HMAC-SHA256 with the base64 part of your `whsec_` secret. Answer any 2xx within 10 s; anything else is retried after 5 s, 30 s, 2 min and 10 min with the same webhook-id.',
      tags: ['Webhooks'],
      parameters: [
        {
          name: 'webhook-id',
          in: 'header',
          required: true,
          description: 'The message id, the same on every retry: de-duplicate on it.',
          schema: { type: 'string', pattern: '^msg_[0-9a-f]{32}$' },
        },
        {
          name: 'webhook-timestamp',
          in: 'header',
          required: true,
          description: 'Unix seconds of this attempt; refuse one more than 5 minutes off.',
          schema: { type: 'string', pattern: '^[0-9]+$' },
        },
        {
          name: 'webhook-signature',
          in: 'header',
          required: true,
          description: 'Space-separated `v1,<base64 HMAC-SHA256>` entries.',
          schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$' },
        },
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['type', 'timestamp', 'data'],
              properties: {
                type: { const: event },
                timestamp: { type: 'string', format: 'date-time' },
                data,
              },
            },
            example: {
              type: event,
              timestamp: '2026-11-21T18:04:11.530Z',
              data: event === 'trigger.created' ? exampleTrigger : exampleTriggerActivated,
            },
          },
        },
      },
      responses: { '2XX': { description: 'Received: no retry.' } },
    },
  };
}

/** The whole document. `serverUrl` is the origin it is served from (relative when absent). */
export function buildOpenApiDocument(serverUrl = ''): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const operation of V1_OPERATIONS as readonly V1Operation[]) {
    const key = `${V1_BASE_PATH}${operation.path}`;
    paths[key] = { ...paths[key], [operation.method]: pathOperation(operation) };
  }
  paths[OPENAPI_PATH] = {
    get: {
      operationId: 'getOpenApiDocument',
      summary: 'This document. No key needed.',
      tags: ['Meta'],
      security: [],
      responses: {
        '200': {
          description: 'The OpenAPI 3.1 document',
          content: { 'application/json': { schema: { type: 'object', required: ['openapi', 'paths'] } } },
        },
        // Every route refuses unreadable input (a NUL byte in the query, ...) before it runs.
        '400': ref('responses', 'BadRequest'),
        // Counted per address by the same limiter as the keys (no key here).
        '429': ref('responses', 'TooManyRequests'),
      },
    },
  };
  const header = (description: string) => ({
    description,
    required: true,
    schema: { type: 'integer', minimum: 0 },
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tonemark API',
      version: SDK_VERSION,
      description: `Manage triggers, read activations and analytics, and receive signed webhooks. Every request needs an API key in the ${API_KEY_HEADER} header; ${API_RATE_LIMIT_PER_MINUTE} requests a minute per key. Answers are \`{ success: true, data }\` or \`{ success: false, error, code, fields? }\`.`,
    },
    servers: [{ url: serverUrl }],
    security: [{ ApiKey: [] }],
    tags: [
      { name: 'Triggers', description: 'Your triggers in the public shape B.' },
      { name: 'Activations', description: 'Detections of your triggers by listeners.' },
      { name: 'Analytics', description: 'Aggregated figures for your triggers.' },
      { name: 'Webhooks', description: `Signed deliveries of ${WEBHOOK_EVENTS.join(' and ')}.` },
      { name: 'Meta', description: 'This document.' },
    ],
    paths,
    webhooks: Object.fromEntries(WEBHOOK_EVENTS.map((event) => [event, webhookOperation(event)])),
    components: {
      schemas: {
        Error: jsonSchemaOf(v1ErrorSchema),
        Trigger: jsonSchemaOf(shapeBTriggerSchema),
        TriggerActivatedData: jsonSchemaOf(triggerActivatedDataSchema),
      },
      responses: Object.fromEntries(
        Object.values(ERROR_RESPONSES).map(({ name, response }) => [name, response]),
      ),
      headers: {
        'X-RateLimit-Limit': header('Requests allowed per minute with this key.'),
        'X-RateLimit-Remaining': header('Requests left in the current minute.'),
        'X-RateLimit-Reset': header('Seconds until the minute resets.'),
        'Retry-After': header('Seconds to wait before the next request.'),
      },
      securitySchemes: {
        ApiKey: {
          type: 'apiKey',
          in: 'header',
          name: API_KEY_HEADER,
          description: 'Create and revoke keys under Account Settings; a key acts as its owner’s account.',
        },
      },
    },
  };
}
