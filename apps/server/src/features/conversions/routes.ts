import {
  type ConversionReceipt,
  clickParamsSchema,
  isHttpUrl,
  reportConversionSchema,
} from '@tonemark/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, parseInput } from '../../plugins/app-error.ts';
import { findConvertible, recordConversion } from './record-conversion.ts';

// 1×1 transparent GIF.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** Per address: generous for a page of buyers behind one NAT, small for walking ids. */
const LIMIT = { rateLimit: { max: 600, timeWindow: 60_000 } };

function parseBody(body: unknown): unknown {
  // navigator.sendBeacon and no-preflight fetches send text/plain.
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    throw new AppError('VALIDATION', 'The body must be JSON: {"activationId": "…", "goal": "…"}');
  }
}

/**
 * /api/conversions (docs/decisions/ab-tests.md): the tracked redirect behind every OPEN_URL
 * action, and the call or pixel by which a creator's site reports the trigger's conversion goal.
 * Public, cookie-free and callable from any site: CORS without credentials.
 */
export async function conversionRoutes(app: FastifyInstance) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*').header('cache-control', 'no-store');
  });

  async function reportGoal(input: unknown): Promise<ConversionReceipt> {
    const { activationId, goal } = parseInput(reportConversionSchema, input);
    const activation = await findConvertible(app.db, activationId);
    if (activation.conversionGoal === null)
      throw new AppError(
        'NO_CONVERSION_GOAL',
        'This trigger has no conversion goal: set one on the trigger first',
      );
    if (activation.conversionGoal !== goal)
      throw new AppError('VALIDATION', `This trigger's conversion goal is not "${goal}"`, {
        goal: 'Not this trigger’s conversion goal',
      });
    const { duplicate } = await recordConversion(app.db, activation, 'goal', goal);
    return { activationId, goal, duplicate };
  }

  /** Leads only to the URL stored with the served action: no target comes from the request. */
  app.get('/click/:activationId', { config: LIMIT }, async (request, reply: FastifyReply) => {
    const { activationId } = parseInput(clickParamsSchema, request.params);
    const activation = await findConvertible(app.db, activationId);
    if (activation.action !== 'OPEN_URL' || !activation.actionData || !isHttpUrl(activation.actionData))
      throw new AppError('NOT_FOUND', 'This activation has no link to open');
    await recordConversion(app.db, activation, 'click');
    // The stored URL, plus the activation id the site reports its goal with.
    const target = new URL(activation.actionData);
    target.searchParams.set('tm_activation', activationId);
    return reply.header('referrer-policy', 'no-referrer').redirect(target.toString(), 302);
  });

  app.options('/goal', async (_request, reply) =>
    reply
      .status(204)
      .header('access-control-allow-methods', 'POST, OPTIONS')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '86400')
      .send(),
  );

  app.post('/goal', { config: LIMIT }, async (request) => reportGoal(parseBody(request.body)));

  app.get('/pixel.gif', { config: LIMIT }, async (request, reply) => {
    await reportGoal(request.query);
    return reply.header('content-type', 'image/gif').send(PIXEL);
  });
}
