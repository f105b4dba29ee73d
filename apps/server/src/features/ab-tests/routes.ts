import {
  type AbTestList,
  abTestCommandSchema,
  abTestIdParamsSchema,
  abTestListQuerySchema,
  createAbTestSchema,
  declareWinnerSchema,
} from '@tonemark/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { abTests, campaigns, type UserRow } from '../../db/schema.ts';
import { AppError, notFound, parseInput } from '../../plugins/app-error.ts';
import { requireUser } from '../../plugins/request-user.ts';
import { type AccessMode, assertAccess, readableCampaigns } from '../segments/access.ts';
import { assertAbTestingPlan, includesAbTesting } from './plan-gate.ts';
import { applyCommand, createTest, declareWinner, deleteTest, findTest, loadTests } from './repository.ts';
import { testResults } from './results.ts';

/** /api/ab-tests: A/B tests within campaigns (docs/decisions/ab-tests.md). */
export async function abTestRoutes(app: FastifyInstance) {
  async function testFor(user: UserRow, id: number, mode: AccessMode) {
    const [row] = await app.db
      .select({ campaignId: abTests.campaignId })
      .from(abTests)
      .where(eq(abTests.id, id));
    if (!row) throw notFound('A/B test');
    try {
      await assertAccess(app.db, user, { campaignId: row.campaignId }, mode);
    } catch (error) {
      // Someone else's test is as missing as no test.
      if (error instanceof AppError && error.statusCode === 404) throw notFound('A/B test');
      throw error;
    }
    return findTest(app.db, id);
  }

  app.get('/', async (request): Promise<AbTestList> => {
    const user = requireUser(request);
    const { campaignId } = parseInput(abTestListQuerySchema, request.query);
    if (campaignId !== undefined) await assertAccess(app.db, user, { campaignId }, 'read');
    const tests = await loadTests(
      app.db,
      and(readableCampaigns(user), campaignId === undefined ? undefined : eq(abTests.campaignId, campaignId)),
    );
    return { tests, planIncludesAbTesting: includesAbTesting(user) };
  });

  app.post('/', async (request, reply) => {
    const user = requireUser(request);
    const input = parseInput(createAbTestSchema, request.body);
    await assertAccess(app.db, user, { campaignId: input.campaignId }, 'write');
    assertAbTestingPlan(user);
    const [campaign] = await app.db
      .select({ ownerId: campaigns.ownerId })
      .from(campaigns)
      .where(eq(campaigns.id, input.campaignId));
    const id = await createTest(app.db, input, campaign?.ownerId ?? null);
    return reply.status(201).send(await findTest(app.db, id));
  });

  app.get('/:id', async (request) => {
    const { id } = parseInput(abTestIdParamsSchema, request.params);
    return testFor(requireUser(request), id, 'read');
  });

  app.get('/:id/results', async (request) => {
    const { id } = parseInput(abTestIdParamsSchema, request.params);
    return testResults(app.db, await testFor(requireUser(request), id, 'read'));
  });

  app.post('/:id/commands', async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(abTestIdParamsSchema, request.params);
    const { command } = parseInput(abTestCommandSchema, request.body);
    const test = await testFor(user, id, 'write');
    if (command === 'start') assertAbTestingPlan(user);
    await applyCommand(app.db, test, command);
    app.experiments.changed();
    return findTest(app.db, id);
  });

  app.post('/:id/winner', async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(abTestIdParamsSchema, request.params);
    const { variantId } = parseInput(declareWinnerSchema, request.body);
    const test = await testFor(user, id, 'write');
    await declareWinner(app.db, test, variantId);
    app.experiments.changed();
    return findTest(app.db, id);
  });

  app.delete('/:id', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseInput(abTestIdParamsSchema, request.params);
    await deleteTest(app.db, await testFor(user, id, 'write'));
    app.experiments.changed();
    return reply.status(204).send();
  });
}
