import { z } from 'zod';

/**
 * Every `code` the server puts in an error body, with the status it answers and the message a
 * client may show when the server's own text is missing. One table so the server cannot invent
 * a code the web and the SDK do not know (docs/decisions/error-codes.md).
 */
const ERROR_TABLE = {
  // 400
  BAD_REQUEST: [400, 'The request could not be read'],
  VALIDATION: [400, 'Some fields are not valid'],
  BAD_SIGNATURE: [400, 'The signature does not match'],
  INVALID_LINK: [400, 'This link is invalid or has expired'],
  WRONG_PASSWORD: [400, 'The current password is wrong'],
  MALFORMED_UPLOAD: [400, 'The upload could not be read'],
  MEDIA_UNSUPPORTED: [400, 'This media format is not supported'],
  NOT_MEDIA: [400, 'The file is not audio or video'],
  MEDIA_URL_REFUSED: [400, 'This media URL cannot be used'],
  MEDIA_URL_FAILED: [400, 'Could not download the media URL'],
  MEDIA_URL_FORBIDDEN: [400, 'This media URL points to a private address'],
  MEDIA_URL_TIMEOUT: [400, 'Downloading the media URL took too long'],
  YOUTUBE_UNSUPPORTED: [400, 'YouTube links cannot be imported'],
  // 401
  UNAUTHORIZED: [401, 'Sign in required'],
  INVALID_CREDENTIALS: [401, 'Invalid username or password'],
  // 402
  CARD_DECLINED: [402, 'The card was declined'],
  // 403
  FORBIDDEN: [403, 'You do not have permission to do that'],
  CROSS_SITE: [403, 'Cross-site requests are refused'],
  INVITATION_OTHER_EMAIL: [403, 'This invitation is for another email address'],
  PLAN_LIMIT: [403, 'Your plan does not allow more of these'],
  PLAN_REQUIRED: [403, 'Your plan does not include this feature'],
  TEAM_MEMBER_LIMIT: [403, 'Your plan does not allow more team members'],
  // 404
  NOT_FOUND: [404, 'Not found'],
  INVITATION_INVALID: [404, 'This invitation is invalid or has expired'],
  // 405
  METHOD_NOT_ALLOWED: [405, 'Method not allowed'],
  // 409
  CONFLICT: [409, 'This conflicts with a newer change'],
  ALREADY_MEMBER: [409, 'Already a member of this team'],
  ALREADY_PAID: [409, 'Already paid'],
  API_KEY_LIMIT: [409, 'Too many API keys'],
  EMAIL_TAKEN: [409, 'This email is already registered'],
  USERNAME_TAKEN: [409, 'This username is taken'],
  LAST_ADMIN: [409, 'A team needs at least one admin'],
  LAST_TEAM_ADMIN: [409, 'You are the last admin of a team'],
  MEDIA_NOT_READY: [409, 'The media is not ready yet'],
  NO_SUBSCRIPTION: [409, 'No subscription'],
  NO_CONVERSION_GOAL: [409, 'No conversion goal is set'],
  PATTERN_TAKEN: [409, 'This frequency pattern is already used'],
  SEGMENT_IN_USE: [409, 'This segment is in use'],
  TEAM_NOT_EMPTY: [409, 'The team still has members'],
  WEBHOOK_LIMIT: [409, 'Too many webhooks'],
  INVALID_STATE: [409, 'Not possible in the current state'],
  TRIGGER_IN_TEST: [409, 'This trigger is in a running test'],
  // 413
  FILE_TOO_LARGE: [413, 'The file is too large'],
  OUTPUT_TOO_LARGE: [413, 'The result would be too large'],
  MEDIA_TOO_LONG: [413, 'The media is too long'],
  STORAGE_LIMIT: [413, 'Your storage is full'],
  // 416
  RANGE_NOT_SATISFIABLE: [416, 'Requested range not satisfiable'],
  // 429
  RATE_LIMITED: [429, 'Too many requests; try again later'],
  // 5xx
  INTERNAL: [500, 'Internal server error'],
  OPENAPI_DRIFT: [500, 'Answer does not conform to the OpenAPI document'],
  PAYMENT_PROVIDER: [502, 'The payment provider could not be reached. Please try again.'],
  OVERLOADED: [503, 'The server is busy; retry shortly.'],
  MEDIA_TIMEOUT: [504, 'Processing the media took too long'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof ERROR_TABLE;

export const ERROR_CODES = Object.keys(ERROR_TABLE) as [ErrorCode, ...ErrorCode[]];

/** The status each code answers with (PAYMENT_PROVIDER passes a Stripe 4xx on as 400). */
export const ERROR_STATUS = Object.fromEntries(
  Object.entries(ERROR_TABLE).map(([code, [status]]) => [code, status]),
) as { [C in ErrorCode]: (typeof ERROR_TABLE)[C][0] };

/** What to show when an answer carries a code but no usable text. */
export const ERROR_MESSAGES = Object.fromEntries(
  Object.entries(ERROR_TABLE).map(([code, [, message]]) => [code, message]),
) as { [C in ErrorCode]: string };

/** Fastify's own client errors (bad JSON, wrong content type, body too large) keep their code. */
export type FrameworkErrorCode = `FST_${string}`;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_TABLE, value);
}

export function isFrameworkErrorCode(value: unknown): value is FrameworkErrorCode {
  return typeof value === 'string' && value.startsWith('FST_');
}

/** Every error answer of /api has this body; /api/v1 wraps it as { success: false, error }. */
export interface ApiErrorBody {
  error: string;
  code: ErrorCode | FrameworkErrorCode;
  fields?: Record<string, string>;
}

/** A code this build knows (ours or Fastify's); any other string reads as undefined. */
export function knownErrorCode(code: unknown): ApiErrorBody['code'] | undefined {
  return isErrorCode(code) || isFrameworkErrorCode(code) ? code : undefined;
}

/**
 * An error body as a client reads it. `code` is a plain string on the wire so a client built
 * before a code was added still reads the body; the parsed value is the typed code or undefined,
 * and a malformed `code` or `fields` is dropped rather than losing the message.
 */
export const apiErrorBodySchema = z.object({
  error: z.string().min(1),
  code: z.unknown().transform(knownErrorCode),
  fields: z.unknown().transform((fields) => (isRecord(fields) ? onlyStrings(fields) : undefined)),
});
export type ParsedApiErrorBody = z.output<typeof apiErrorBodySchema>;

function onlyStrings(record: Record<string, unknown>): Record<string, string> {
  const strings: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) if (typeof value === 'string') strings[key] = value;
  return strings;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `apiErrorBodySchema.safeParse` without zod: the web's first page load must not carry zod
 * (docs/decisions/listener-entry.md), and its API client reads every failed answer. The shared
 * test holds the two to the same answers.
 */
export function readApiErrorBody(value: unknown): ParsedApiErrorBody | undefined {
  if (!isRecord(value) || typeof value.error !== 'string' || value.error.length === 0) return undefined;
  return {
    error: value.error,
    code: knownErrorCode(value.code),
    fields: isRecord(value.fields) ? onlyStrings(value.fields) : undefined,
  };
}
