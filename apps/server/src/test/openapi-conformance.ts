import { buildOpenApiDocument, type JsonSchema } from '@tonemark/shared';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { V1ResponseCheck } from '../features/public-api/v1-routes.ts';

// Every /api/v1 answer a server test sees is checked against the OpenAPI document: its status
// must be declared for the route, its body must match that status's schema and its declared
// required headers must be there. The test app installs this check (test-app.ts).

const document = buildOpenApiDocument();
const DOC_ID = 'tonemark-openapi';
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ ...document, $id: DOC_ID });

const pointer = (...parts: string[]) =>
  `${DOC_ID}#/${parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

/** How many answers were checked, by "METHOD path status": tests assert the check really ran. */
export const checkedAnswers = new Map<string, number>();

/** What an unknown /api/v1 path or method may answer, by status: the document's shared error answers. */
const UNDECLARED_ROUTE_ANSWERS: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  404: 'NotFound',
  405: 'NotFound',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'TooManyRequests',
};

type ResponseObject = {
  $ref?: string;
  headers?: Record<string, JsonSchema>;
  content?: Record<string, { schema: JsonSchema }>;
};

function resolve<T extends { $ref?: string }>(value: T): { object: T; base: string[] } {
  if (!value.$ref) return { object: value, base: [] };
  const parts = value.$ref.replace(/^#\//, '').split('/');
  let target: unknown = document;
  for (const part of parts) target = (target as Record<string, unknown>)[part];
  return { object: target as T, base: parts };
}

function checkHeaders(response: ResponseObject, headers: Record<string, unknown>): string | null {
  for (const [name, declared] of Object.entries(response.headers ?? {})) {
    const { object } = resolve(declared as { $ref?: string; required?: boolean; schema?: JsonSchema });
    const value = headers[name.toLowerCase()];
    if (object.required && value === undefined) return `required header ${name} is missing`;
    if (value !== undefined && object.schema?.type === 'integer' && !/^[0-9]+$/.test(String(value)))
      return `header ${name} is not an integer: ${String(value)}`;
  }
  return null;
}

export const checkV1Answer: V1ResponseCheck = ({ method, path, status, headers, body }) => {
  const verb = method.toLowerCase();
  if (verb === 'head' || verb === 'options') return null;
  let responsePointer: string[];
  let response: ResponseObject;
  if (path === null) {
    // Unknown paths and undeclared methods: a wrapped 4xx (401 first, then 404 or 405, or the
    // input guards' 400/413/415), never anything else.
    const name = UNDECLARED_ROUTE_ANSWERS[status];
    if (!name) return `undeclared route answered ${status}`;
    responsePointer = ['components', 'responses', name];
    response = document.components.responses[name] as ResponseObject;
  } else {
    const operation = document.paths[path]?.[verb];
    if (!operation) return `${method} ${path} is not in the document`;
    const declared = operation.responses[String(status)] as ResponseObject | undefined;
    if (!declared) return `${method} ${path} answered ${status}, which the document does not declare`;
    const { object, base } = resolve(declared);
    response = object;
    responsePointer = base.length > 0 ? base : ['paths', path, verb, 'responses', String(status)];
  }
  const key = `${method} ${path ?? '(unknown)'} ${status}`;
  checkedAnswers.set(key, (checkedAnswers.get(key) ?? 0) + 1);
  const headerProblem = checkHeaders(response, headers);
  if (headerProblem) return `${key}: ${headerProblem}`;
  const contentType = String(headers['content-type'] ?? '');
  if (!contentType.startsWith('application/json')) return `${key}: content-type ${contentType}`;
  if (!response.content?.['application/json']) return `${key}: no JSON body declared`;
  const validate = ajv.getSchema(pointer(...responsePointer, 'content', 'application/json', 'schema'));
  if (!validate) return `${key}: schema not found`;
  if (validate(body)) return null;
  return `${key}: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}`;
};
