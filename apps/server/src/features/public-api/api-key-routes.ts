import {
  type ApiKey,
  apiKeyIdParamsSchema,
  type CreatedApiKey,
  createApiKeySchema,
  MAX_API_KEYS_PER_USER,
} from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound, parseInput } from '../../plugins/app-error.ts';
import { requireUser } from '../../plugins/request-user.ts';
import { countApiKeys, insertApiKey, listApiKeys, revokeApiKey, toApiKey } from './api-keys.ts';

/** /api/api-keys: the signed-in user's keys for /api/v1 (Account Settings). */
export async function apiKeyRoutes(app: FastifyInstance) {
  app.get('/', async (request): Promise<ApiKey[]> => {
    const user = requireUser(request);
    return (await listApiKeys(app.db, user.id)).map(toApiKey);
  });

  app.post('/', async (request, reply) => {
    const user = requireUser(request);
    const input = parseInput(createApiKeySchema, request.body);
    if ((await countApiKeys(app.db, user.id)) >= MAX_API_KEYS_PER_USER) {
      throw new AppError(
        'API_KEY_LIMIT',
        `You already have ${MAX_API_KEYS_PER_USER} API keys: revoke one before creating another`,
      );
    }
    const { row, key } = await insertApiKey(app.db, user.id, input.name);
    const body: CreatedApiKey = { ...toApiKey(row), key };
    return reply.status(201).header('cache-control', 'no-store').send(body);
  });

  app.delete('/:id', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseInput(apiKeyIdParamsSchema, request.params);
    if (!(await revokeApiKey(app.db, user.id, id))) throw notFound('API key');
    return reply.status(204).send();
  });
}
