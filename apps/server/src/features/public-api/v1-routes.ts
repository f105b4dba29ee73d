import {
  API_KEY_HEADER,
  API_RATE_LIMIT_PER_MINUTE,
  buildOpenApiDocument,
  createTriggerSchema,
  fromShapeB,
  fromShapeBPatternCheck,
  fromShapeBUpdate,
  OPENAPI_PATH,
  toFastifyPath,
  toShapeB,
  updateTriggerSchema,
  V1_BASE_PATH,
  V1_OPERATIONS,
  type V1ErrorBody,
  type V1OperationId,
  v1Operation,
} from '@tonemark/shared';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ApiKeyRow, soundTriggers, type UserRow } from '../../db/schema.ts';
import { AppError, notFound, parseInput } from '../../plugins/app-error.ts';
import { errorResponse } from '../../plugins/error-handler.ts';
import { assertDateOrder } from '../activations/date-order.ts';
import { countActivations, listActivations } from '../activations/repository.ts';
import { allPatternWarnings, confusableTriggers } from '../triggers/pattern-check.ts';
import { findTrigger, visibleTo } from '../triggers/repository.ts';
import { toTrigger } from '../triggers/serialize.ts';
import { createTriggerFor, updateTriggerFor } from '../triggers/trigger-service.ts';
import { authenticateApiKey } from './api-keys.ts';
import { v1Analytics } from './v1-analytics.ts';
import { ownWebhooks } from './webhook-endpoints.ts';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: { key: ApiKeyRow; user: UserRow } | null;
  }
}

export interface V1Options {
  rateLimit: { max: number; timeWindow: number };
  /** ALLOW_PRIVATE_MEDIA_URLS: webhook URLs may point at private and loopback addresses. */
  allowPrivateWebhookUrls: boolean;
  /**
   * Tests pass a check of every answer against the OpenAPI document (test/openapi-conformance.ts);
   * a non-conforming answer is turned into a 500 naming the difference, so no test can pass on it.
   */
  responseCheck?: V1ResponseCheck;
}

export type V1ResponseCheck = (answer: {
  method: string;
  /** The matched route in OpenAPI syntax (/api/v1/webhooks/{id}), or null for an unknown path. */
  path: string | null;
  status: number;
  headers: Record<string, unknown>;
  body: unknown;
}) => string | null;

/** Declared operations by fastify path, for the 405 answer's Allow header. */
const METHODS_BY_PATH = new Map<RegExp, string[]>();
for (const operation of V1_OPERATIONS) {
  const pattern = new RegExp(`^${V1_BASE_PATH}${operation.path.replace(/\{[A-Za-z]+\}/g, '[^/]+')}$`);
  const found = [...METHODS_BY_PATH.entries()].find(([key]) => key.source === pattern.source);
  if (found) found[1].push(operation.method.toUpperCase());
  else METHODS_BY_PATH.set(pattern, [operation.method.toUpperCase()]);
}

function allowedMethods(path: string): string[] | undefined {
  for (const [pattern, methods] of METHODS_BY_PATH) if (pattern.test(path)) return methods;
  return undefined;
}

const ok = <T>(data: T) => ({ success: true as const, data });

/** Viewers read only, through a key as in the app (DESIGN §5). */
function writer(request: FastifyRequest, action: string): UserRow {
  const user = owner(request);
  if (user.role === 'viewer') {
    throw new AppError('FORBIDDEN', `This API key belongs to a viewer account, which cannot ${action}`);
  }
  return user;
}

function owner(request: FastifyRequest): UserRow {
  if (!request.apiKey) throw new AppError('UNAUTHORIZED', `Missing ${API_KEY_HEADER} header`);
  return request.apiKey.user;
}

/**
 * The public API acts on its key owner's own account: every read is scoped to the owner's
 * triggers and their teams' (features/teams/access.ts), whatever the owner's role (an admin's key
 * does not read other creators' data).
 */
const ownScope = (user: UserRow): UserRow => ({ ...user, role: 'creator' });

/** /api/v1 (DESIGN §5): X-API-Key, 100 requests a minute per key, every answer wrapped. */
export async function v1Routes(app: FastifyInstance, opts: V1Options) {
  app.decorateRequest('apiKey', null);
  const document = buildOpenApiDocument();

  app.setErrorHandler((error, request, reply) => {
    const { status, body } = errorResponse(error);
    if (status >= 500) request.log.error({ err: error }, 'public API request failed');
    else request.log.info({ status, code: body.code }, body.error);
    const wrapped: V1ErrorBody = { success: false, ...body };
    return reply.status(status).send(wrapped);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: V1ErrorBody = {
      success: false,
      error: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      code: 'NOT_FOUND',
    };
    return reply.status(404).send(body);
  });

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === OPENAPI_PATH) return;
    const header = request.headers['x-api-key'];
    const presented = Array.isArray(header) ? header[0] : header;
    if (!presented) throw new AppError('UNAUTHORIZED', `Missing ${API_KEY_HEADER} header`);
    const found = await authenticateApiKey(app.db, presented);
    if (!found) throw new AppError('UNAUTHORIZED', 'Invalid or revoked API key');
    request.apiKey = found;
  });

  // After the key is known, so the limit counts per key across every /api/v1 route.
  app.addHook(
    'onRequest',
    app.rateLimit({
      max: opts.rateLimit.max,
      timeWindow: opts.rateLimit.timeWindow,
      keyGenerator: (request) => `api-key:${request.apiKey?.key.id ?? request.ip}`,
      errorResponseBuilder: (_request, context) =>
        new AppError(
          'RATE_LIMITED',
          `Rate limit exceeded: ${context.max} requests per minute per API key. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        ),
    }),
  );

  if (opts.responseCheck) {
    const check = opts.responseCheck;
    app.addHook('onSend', async (request, reply, payload) => {
      const url = request.routeOptions.url;
      const declared = url && url !== `${V1_BASE_PATH}/*` ? url.replace(/:([A-Za-z]+)/g, '{$1}') : null;
      let body: unknown = payload;
      if (typeof payload === 'string') {
        try {
          body = JSON.parse(payload);
        } catch {
          body = payload;
        }
      }
      const problem = check({
        method: request.method,
        path: declared,
        status: reply.statusCode,
        headers: reply.getHeaders(),
        body,
      });
      if (!problem) return payload;
      reply.status(500);
      return JSON.stringify({
        success: false,
        error: `Answer does not conform to the OpenAPI document: ${problem}`,
        code: 'OPENAPI_DRIFT',
      } satisfies V1ErrorBody);
    });
  }

  // Beats the SPA's catch-all GET route, so unknown /api/v1 paths get a wrapped 404 too; a known
  // path asked with another method is a 405 naming the methods it has.
  app.all('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = allowedMethods(path);
    if (allowed) {
      reply.header('allow', allowed.join(', '));
      throw new AppError(
        'METHOD_NOT_ALLOWED',
        `${path} answers ${allowed.join(', ')}, not ${request.method}`,
      );
    }
    throw new AppError('NOT_FOUND', `Route ${request.method} ${path} not found`);
  });

  app.get('/openapi.json', async (request, reply) => {
    const origin = `${request.protocol}://${request.host}`;
    return reply
      .header('cache-control', 'public, max-age=300')
      .send({ ...document, servers: [{ url: origin }] });
  });

  /** Registers one operation of the shared route table under its own method and path. */
  const route = <Id extends V1OperationId>(
    id: Id,
    handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ) => {
    const operation = v1Operation(id);
    app.route({
      method: operation.method.toUpperCase() as 'GET',
      url: toFastifyPath(operation.path),
      handler,
    });
  };

  route('listTriggers', async (request) => {
    const user = owner(request);
    const query = parseInput(v1Operation('listTriggers').query, request.query);
    const rows = await app.db
      .select()
      .from(soundTriggers)
      .where(
        and(
          visibleTo(ownScope(user)),
          query.type ? eq(soundTriggers.signal, query.type) : undefined,
          query.active === undefined
            ? undefined
            : query.active
              ? eq(soundTriggers.status, 'active')
              : ne(soundTriggers.status, 'active'),
        ),
      )
      .orderBy(desc(soundTriggers.createdAt), desc(soundTriggers.id))
      .limit(query.limit);
    return ok(rows.map((row) => toShapeB(toTrigger(row))));
  });

  route('createTrigger', async (request, reply) => {
    const user = writer(request, 'create triggers');
    const shapeB = parseInput(v1Operation('createTrigger').body, request.body);
    const input = parseInput(createTriggerSchema, fromShapeB(shapeB));
    const row = await createTriggerFor(app, user, input);
    return reply.status(201).send(ok(toShapeB(toTrigger(row))));
  });

  route('checkTriggerPattern', async (request) => {
    const user = owner(request);
    const body = parseInput(v1Operation('checkTriggerPattern').body, request.body);
    const input = fromShapeBPatternCheck(body);
    const { triggers } = await app.listener.catalogue.current();
    return ok({
      // Scoped as every read here: an admin's key names only its own triggers, like anyone's.
      confusableWith: confusableTriggers(triggers, ownScope(user), input),
      warnings: allPatternWarnings(input),
    });
  });

  route('getTrigger', async (request) => {
    const user = owner(request);
    const { id } = parseInput(v1Operation('getTrigger').params, request.params);
    const row = await findTrigger(app.db, ownScope(user), id);
    if (!row) throw notFound('Trigger');
    return ok(toShapeB(toTrigger(row)));
  });

  route('updateTrigger', async (request) => {
    const user = writer(request, 'change triggers');
    const { id } = parseInput(v1Operation('updateTrigger').params, request.params);
    const patch = parseInput(v1Operation('updateTrigger').body, request.body);
    // Only the key owner's own triggers, whatever the role (an admin's key edits no one else's).
    if (!(await findTrigger(app.db, ownScope(user), id))) throw notFound('Trigger');
    const input = parseInput(updateTriggerSchema, fromShapeBUpdate(patch));
    return ok(toShapeB(toTrigger(await updateTriggerFor(app, user, id, input))));
  });

  route('listActivations', async (request) => {
    const user = owner(request);
    const filters = parseInput(v1Operation('listActivations').query, request.query);
    assertDateOrder(filters);
    const scope = ownScope(user);
    const [{ activations }, { total }] = await Promise.all([
      listActivations(app.db, scope, filters),
      countActivations(app.db, scope, filters),
    ]);
    return ok({ activations, total, limit: filters.limit, offset: filters.offset });
  });

  route('getAnalytics', async (request) => {
    const user = owner(request);
    const { dateRange } = parseInput(v1Operation('getAnalytics').query, request.query);
    return ok(await v1Analytics(app.db, ownScope(user), dateRange));
  });

  const webhooksOf = (user: UserRow) => ownWebhooks(app.db, user.id, opts.allowPrivateWebhookUrls);

  route('registerWebhook', async (request, reply) => {
    const user = writer(request, 'register webhooks');
    const input = parseInput(v1Operation('registerWebhook').body, request.body);
    const body = await webhooksOf(user).register(input);
    return reply.status(201).header('cache-control', 'no-store').send(ok(body));
  });

  route('listWebhooks', async (request) => ok(await webhooksOf(owner(request)).list()));

  route('listWebhookDeliveries', async (request) => {
    const { id } = parseInput(v1Operation('listWebhookDeliveries').params, request.params);
    return ok(await webhooksOf(owner(request)).deliveries(id));
  });

  route('deleteWebhook', async (request) => {
    const user = writer(request, 'delete webhooks');
    const { id } = parseInput(v1Operation('deleteWebhook').params, request.params);
    await webhooksOf(user).remove(id);
    return ok({ id, deleted: true });
  });
}

export const DEFAULT_V1_RATE_LIMIT = { max: API_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 };
