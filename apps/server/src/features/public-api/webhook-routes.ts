import {
  type RegisteredWebhook,
  registerWebhookSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
  WRITER_ROLES,
  webhookIdParamsSchema,
} from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import { notFound, parseInput } from '../../plugins/app-error.ts';
import { requireRole, requireUser } from '../../plugins/request-user.ts';
import {
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  registerEndpoint,
  toWebhookEndpoint,
} from './webhook-endpoints.ts';

export interface WebhookRoutesOptions {
  /** ALLOW_PRIVATE_MEDIA_URLS: webhook URLs may point at private and loopback addresses. */
  allowPrivateWebhookUrls: boolean;
}

/**
 * /api/webhooks: the signed-in user's own webhooks (Account Settings), the same endpoints
 * /api/v1/webhooks manages with a key. Like /api/v1, an admin sees only their own here.
 */
export async function webhookRoutes(app: FastifyInstance, opts: WebhookRoutesOptions) {
  app.get('/', async (request): Promise<WebhookEndpoint[]> => {
    const user = requireUser(request);
    return (await listEndpoints(app.db, user.id)).map(toWebhookEndpoint);
  });

  app.post('/', async (request, reply) => {
    const user = requireRole(request, WRITER_ROLES);
    const input = parseInput(registerWebhookSchema, request.body);
    const body: RegisteredWebhook = await registerEndpoint(
      app.db,
      user.id,
      input,
      opts.allowPrivateWebhookUrls,
    );
    return reply.status(201).header('cache-control', 'no-store').send(body);
  });

  app.get('/:id/deliveries', async (request): Promise<WebhookDelivery[]> => {
    const user = requireUser(request);
    const { id } = parseInput(webhookIdParamsSchema, request.params);
    const deliveries = await listDeliveries(app.db, user.id, id);
    if (!deliveries) throw notFound('Webhook');
    return deliveries;
  });

  app.delete('/:id', async (request, reply) => {
    const user = requireRole(request, WRITER_ROLES);
    const { id } = parseInput(webhookIdParamsSchema, request.params);
    if (!(await deleteEndpoint(app.db, user.id, id))) throw notFound('Webhook');
    return reply.status(204).send();
  });
}
