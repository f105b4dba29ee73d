import { type ApiErrorBody, readApiErrorBody } from '@tonemark/shared';
import type { ZodType, ZodTypeDef } from 'zod';

/**
 * A non-OK answer from /api. `message` follows SPEC §7: '{status}: {text}' for reads, or
 * 'Server responded with {status}: {statusText}' for save calls. The server's own message and
 * per-field messages are kept so forms can show them beside the fields.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly serverMessage: string;
  /** The server's code when this build knows it; compare with ErrorCode values, never free text. */
  readonly code: ApiErrorBody['code'] | undefined;
  readonly fields: Record<string, string>;

  constructor(
    message: string,
    init: {
      status: number;
      statusText: string;
      serverMessage: string;
      code?: ApiErrorBody['code'];
      fields?: Record<string, string>;
    },
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.statusText = init.statusText;
    this.serverMessage = init.serverMessage;
    this.code = init.code;
    this.fields = init.fields ?? {};
  }
}

/** 'query' errors read '{status}: {text}'; 'save' errors read 'Server responded with {status}: {statusText}'. */
export type ErrorStyle = 'query' | 'save';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  errorStyle?: ErrorStyle;
}

interface ParsedErrorBody {
  text: string;
  code?: ApiErrorBody['code'];
  fields?: Record<string, string>;
}

/** The JSON body's `error` field when present, else the body text, else the status text. */
export function parseErrorBody(bodyText: string, statusText: string): ParsedErrorBody {
  const trimmed = bodyText.trim();
  if (trimmed.length > 0) {
    try {
      const body = readApiErrorBody(JSON.parse(trimmed));
      if (body) return { text: body.error, code: body.code, fields: body.fields };
    } catch {
      // Not JSON: the raw body text is the message.
    }
    return { text: trimmed };
  }
  return { text: statusText };
}

export async function toApiError(response: Response, style: ErrorStyle): Promise<ApiError> {
  let bodyText = '';
  try {
    bodyText = await response.text();
  } catch {
    bodyText = '';
  }
  const parsed = parseErrorBody(bodyText, response.statusText);
  const message =
    style === 'save'
      ? `Server responded with ${response.status}: ${response.statusText || parsed.text}`
      : `${response.status}: ${parsed.text}`;
  return new ApiError(message, {
    status: response.status,
    statusText: response.statusText,
    serverMessage: parsed.text,
    code: parsed.code,
    fields: parsed.fields,
  });
}

/** fetch with cookies and JSON; throws ApiError on a non-OK answer. */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const { method = 'GET', body, signal, errorStyle = 'query' } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal,
  });
  if (!response.ok) throw await toApiError(response, errorStyle);
  return response;
}

// By name, not instanceof: importing ZodError would put zod in every page's first load.
function isZodError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ZodError';
}

/** Requests `path` and validates the JSON answer with `schema` (types come from the contracts). */
export async function apiRequest<T>(
  path: string,
  schema: ZodType<T, ZodTypeDef, unknown>,
  options: RequestOptions = {},
): Promise<T> {
  const response = await apiFetch(path, options);
  const json: unknown = await response.json();
  return schema.parse(json);
}

/** For answers without a body (204). */
export async function apiSend(path: string, options: RequestOptions = {}): Promise<void> {
  await apiFetch(path, options);
}

/** The message a notice should show for a failed call, with a fallback for non-Error values. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  // Network failures (TypeError) and unexpected answer shapes (ZodError) have no message for users.
  if (error instanceof TypeError || isZodError(error)) return fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
