import {
  API_KEY_HEADER,
  API_RATE_LIMIT_PER_MINUTE,
  createShapeBTriggerSchema,
  createTriggerSchema,
  fromShapeB,
  registerWebhookSchema,
  toShapeB,
  type V1ErrorBody,
  v1ActivationsQuerySchema,
  v1AnalyticsQuerySchema,
  v1TriggerListQuerySchema,
  webhookIdParamsSchema,
} from '@tonemark/shared';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ApiKeyRow, soundTriggers, type UserRow } from '../../db/schema.ts';
import { AppError, notFound, parseInput } from '../../plugins/app-error.ts';
import { errorResponse } from '../../plugins/error-handler.ts';
import { assertDateOrder } from '../activations/date-order.ts';
import { countActivations, listActivations } from '../activations/repository.ts';
import { createTriggerFor } from '../triggers/create-trigger.ts';
import { visibleTo } from '../triggers/repository.ts';
import { toTrigger } from '../triggers/serialize.ts';
import { authenticateApiKey } from './api-keys.ts';
import { v1Analytics } from './v1-analytics.ts';
import {
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  registerEndpoint,
  toWebhookEndpoint,
} from './webhook-endpoints.ts';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: { key: ApiKeyRow; user: UserRow } | null;
  }
}

export interface V1Options {
  rateLimit: { max: number; timeWindow: number };
  /** ALLOW_PRIVATE_MEDIA_URLS: webhook URLs may point at private and loopback addresses. */
  allowPrivateWebhookUrls: boolean;
}

const ok = <T>(data: T) => ({ success: true as const, data });

/** Viewers read only, through a key as in the app (DESIGN §5). */
function writer(request: FastifyRequest, action: string): UserRow {
  const user = owner(request);
  if (user.role === 'viewer') {
    throw new AppError(403, 'FORBIDDEN', `This API key belongs to a viewer account, which cannot ${action}`);
  }
  return user;
}

function owner(request: FastifyRequest): UserRow {
  if (!request.apiKey) throw new AppError(401, 'UNAUTHORIZED', `Missing ${API_KEY_HEADER} header`);
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
    const header = request.headers['x-api-key'];
    const presented = Array.isArray(header) ? header[0] : header;
    if (!presented) throw new AppError(401, 'UNAUTHORIZED', `Missing ${API_KEY_HEADER} header`);
    const found = await authenticateApiKey(app.db, presented);
    if (!found) throw new AppError(401, 'UNAUTHORIZED', 'Invalid or revoked API key');
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
          429,
          'RATE_LIMITED',
          `Rate limit exceeded: ${context.max} requests per minute per API key. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        ),
    }),
  );

  // Beats the SPA's catch-all GET route, so unknown /api/v1 paths get a wrapped 404 too.
  app.all('/*', async (request) => {
    throw new AppError(404, 'NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`);
  });

  app.get('/triggers', async (request) => {
    const user = owner(request);
    const query = parseInput(v1TriggerListQuerySchema, request.query);
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

  app.post('/triggers', async (request, reply) => {
    const user = writer(request, 'create triggers');
    const shapeB = parseInput(createShapeBTriggerSchema, request.body);
    const input = parseInput(createTriggerSchema, fromShapeB(shapeB));
    const row = await createTriggerFor(app, user, input);
    return reply.status(201).send(ok(toShapeB(toTrigger(row))));
  });

  app.get('/activations', async (request) => {
    const user = owner(request);
    const filters = parseInput(v1ActivationsQuerySchema, request.query);
    assertDateOrder(filters);
    const scope = ownScope(user);
    const [{ activations }, { total }] = await Promise.all([
      listActivations(app.db, scope, filters),
      countActivations(app.db, scope, filters),
    ]);
    return ok({ activations, total, limit: filters.limit, offset: filters.offset });
  });

  app.get('/analytics', async (request) => {
    const user = owner(request);
    const { dateRange } = parseInput(v1AnalyticsQuerySchema, request.query);
    return ok(await v1Analytics(app.db, ownScope(user), dateRange));
  });

  app.post('/webhooks/register', async (request, reply) => {
    const user = writer(request, 'register webhooks');
    const input = parseInput(registerWebhookSchema, request.body);
    const body = await registerEndpoint(app.db, user.id, input, opts.allowPrivateWebhookUrls);
    return reply.status(201).header('cache-control', 'no-store').send(ok(body));
  });

  app.get('/webhooks', async (request) => {
    const user = owner(request);
    return ok((await listEndpoints(app.db, user.id)).map(toWebhookEndpoint));
  });

  app.get('/webhooks/:id/deliveries', async (request) => {
    const user = owner(request);
    const { id } = parseInput(webhookIdParamsSchema, request.params);
    const deliveries = await listDeliveries(app.db, user.id, id);
    if (!deliveries) throw notFound('Webhook');
    return ok(deliveries);
  });

  app.delete('/webhooks/:id', async (request) => {
    const user = writer(request, 'delete webhooks');
    const { id } = parseInput(webhookIdParamsSchema, request.params);
    if (!(await deleteEndpoint(app.db, user.id, id))) throw notFound('Webhook');
    return ok({ id, deleted: true });
  });
}

export const DEFAULT_V1_RATE_LIMIT = { max: API_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 };
