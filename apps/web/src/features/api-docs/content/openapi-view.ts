import {
  buildOpenApiDocument,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiParameter,
} from '@tonemark/shared';

// Everything /api-docs shows about the endpoints is read from the OpenAPI document the server
// serves at /api/v1/openapi.json: there is no second, hand-written list to drift from it.

export type DocsTab = 'triggers' | 'activations' | 'analytics' | 'webhooks';
const TAGS: Record<DocsTab, string> = {
  triggers: 'Triggers',
  activations: 'Activations',
  analytics: 'Analytics',
  webhooks: 'Webhooks',
};

export const apiDocument: OpenApiDocument = buildOpenApiDocument();

export interface FieldRow {
  name: string;
  where: 'path' | 'query' | 'body';
  type: string;
  required: boolean;
  description: string;
}

export interface EndpointView {
  method: string;
  path: string;
  summary: string;
  description?: string;
  fields: FieldRow[];
  status: string;
  request: (baseUrl: string) => string;
  response: unknown;
  errors: { status: string; description: string }[];
}

const SAMPLE_KEY = 'tm_live_3f9a1c2b_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX';

/** A short, human label of a JSON Schema: `integer (1–500)`, `audible | ultrasonic`, `number[4]`. */
export function schemaLabel(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map(String).join(' | ');
  if (Array.isArray(schema.anyOf)) {
    return (schema.anyOf as JsonSchema[]).map(schemaLabel).join(' or ');
  }
  const type = Array.isArray(schema.type)
    ? (schema.type as string[]).join(' | ')
    : String(schema.type ?? 'any');
  if (type === 'array') {
    const items = schemaLabel((schema.items ?? {}) as JsonSchema);
    const count =
      schema.minItems !== undefined && schema.minItems === schema.maxItems ? String(schema.minItems) : '';
    return `${items.includes(' ') ? `(${items})` : items}[${count}]`;
  }
  const low = schema.minimum ?? schema.minLength;
  const high = schema.maximum ?? schema.maxLength;
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : '';
  if (low !== undefined && high !== undefined) return `${type} (${low}–${high})${format}`;
  if (high !== undefined) return `${type} (≤ ${high})${format}`;
  if (low !== undefined) return `${type} (≥ ${low})${format}`;
  return `${type}${format}`;
}

function fieldRows(operation: OpenApiOperation): FieldRow[] {
  const rows: FieldRow[] = (operation.parameters ?? []).map((parameter: OpenApiParameter) => ({
    name: parameter.name,
    where: parameter.in === 'path' ? 'path' : 'query',
    type: schemaLabel(parameter.schema),
    required: parameter.required,
    description: [parameter.description, defaultText(parameter.schema)].filter(Boolean).join(' '),
  }));
  const body = operation.requestBody?.content['application/json']?.schema;
  const required = new Set((body?.required ?? []) as string[]);
  for (const [name, property] of Object.entries((body?.properties ?? {}) as Record<string, JsonSchema>)) {
    rows.push({
      name,
      where: 'body',
      type: schemaLabel(property),
      required: required.has(name) && !('default' in property),
      description: [property.description, defaultText(property)]
        .filter((text): text is string => typeof text === 'string' && text.length > 0)
        .join(' '),
    });
  }
  return rows;
}

const defaultText = (schema: JsonSchema) => ('default' in schema ? `Default ${String(schema.default)}.` : '');

function curl(method: string, url: string, body?: unknown): string {
  return [
    `curl${method === 'GET' ? '' : ` -X ${method}`} "${url}"`,
    `  -H "X-API-Key: ${SAMPLE_KEY}"`,
    ...(body === undefined
      ? []
      : [
          '  -H "Content-Type: application/json"',
          `  -d '${JSON.stringify(body, null, 2).replaceAll('\n', '\n  ')}'`,
        ]),
  ].join(' \\\n');
}

function exampleUrl(path: string, operation: OpenApiOperation, baseUrl: string): string {
  // baseUrl is the API's (…/api/v1); the document's paths start with /api/v1 themselves.
  let url = `${baseUrl.replace(/\/api\/v1$/, '')}${path}`;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    if (parameter.example === undefined) continue;
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, String(parameter.example));
    else query.set(parameter.name, String(parameter.example));
  }
  url = url.replace(/\{[A-Za-z]+\}/g, (name) => (name === '{id}' ? '42' : name));
  const search = query.toString();
  return search ? `${url}?${search}` : url;
}

function errorsOf(operation: OpenApiOperation): { status: string; description: string }[] {
  return Object.entries(operation.responses)
    .filter(([status]) => status.startsWith('4'))
    .map(([status, response]) => {
      const name =
        String(response.$ref ?? '')
          .split('/')
          .at(-1) ?? '';
      const resolved = apiDocument.components.responses[name] ?? response;
      return { status, description: String(resolved.description ?? '') };
    });
}

/** The endpoints of one tab, in the document's order. */
export function endpointsOf(tab: DocsTab): EndpointView[] {
  const views: EndpointView[] = [];
  for (const [path, methods] of Object.entries(apiDocument.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!operation.tags.includes(TAGS[tab])) continue;
      const [status, success] =
        Object.entries(operation.responses).find(([code]) => code.startsWith('2')) ?? [];
      const content = (success?.content as Record<string, { example?: unknown }> | undefined)?.[
        'application/json'
      ];
      const body = operation.requestBody?.content['application/json']?.example;
      views.push({
        method: method.toUpperCase(),
        path,
        summary: operation.summary,
        ...(operation.description ? { description: operation.description } : {}),
        fields: fieldRows(operation),
        status: status ?? '200',
        request: (baseUrl) => curl(method.toUpperCase(), exampleUrl(path, operation, baseUrl), body),
        response: content?.example,
        errors: errorsOf(operation),
      });
    }
  }
  return views;
}

/** Every error answer the document declares, once each. */
export function errorCatalogue(): { status: string; description: string }[] {
  const seen = new Map<string, string>();
  for (const methods of Object.values(apiDocument.paths)) {
    for (const operation of Object.values(methods)) {
      for (const error of errorsOf(operation))
        if (!seen.has(error.status)) seen.set(error.status, error.description);
    }
  }
  return [...seen.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, description]) => ({ status, description }));
}

const badRequest = apiDocument.components.responses.BadRequest?.content as
  | Record<string, { example?: unknown }>
  | undefined;
export const validationErrorExample = badRequest?.['application/json']?.example;

/** A webhook delivery's body, as the document's `webhooks` section shows it. */
export function webhookExample(event: string): unknown {
  return apiDocument.webhooks[event]?.post.requestBody?.content['application/json']?.example;
}

export const webhookEvents = Object.keys(apiDocument.webhooks);
