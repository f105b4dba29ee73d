import {
  type RegisteredWebhook,
  registerWebhookSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
  WRITER_ROLES,
  webhookIdParamsSchema,
} from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../plugins/app-error.ts';
import { requireRole, requireUser } from '../../plugins/request-user.ts';
import { ownWebhooks } from './webhook-endpoints.ts';

export interface WebhookRoutesOptions {
  /** ALLOW_PRIVATE_MEDIA_URLS: webhook URLs may point at private and loopback addresses. */
  allowPrivateWebhookUrls: boolean;
}

/**
 * /api/webhooks: the signed-in user's own webhooks (Account Settings), the same endpoints
 * /api/v1/webhooks manages with a key. Like /api/v1, an admin sees only their own here.
 */
export async function webhookRoutes(app: FastifyInstance, opts: WebhookRoutesOptions) {
  const webhooksOf = (userId: number) => ownWebhooks(app.db, userId, opts.allowPrivateWebhookUrls);

  app.get('/', async (request): Promise<WebhookEndpoint[]> => webhooksOf(requireUser(request).id).list());

  app.post('/', async (request, reply) => {
    const user = requireRole(request, WRITER_ROLES);
    const input = parseInput(registerWebhookSchema, request.body);
    const body: RegisteredWebhook = await webhooksOf(user.id).register(input);
    return reply.status(201).header('cache-control', 'no-store').send(body);
  });

  app.get('/:id/deliveries', async (request): Promise<WebhookDelivery[]> => {
    const user = requireUser(request);
    const { id } = parseInput(webhookIdParamsSchema, request.params);
    return webhooksOf(user.id).deliveries(id);
  });

  app.delete('/:id', async (request, reply) => {
    const user = requireRole(request, WRITER_ROLES);
    const { id } = parseInput(webhookIdParamsSchema, request.params);
    await webhooksOf(user.id).remove(id);
    return reply.status(204).send();
  });
}
