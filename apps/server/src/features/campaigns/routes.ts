import {
  assignTriggerSchema,
  type Campaign,
  type CampaignDetail,
  campaignIdParamsSchema,
  campaignListQuerySchema,
  campaignTriggerParamsSchema,
  createCampaignSchema,
  updateCampaignSchema,
  WRITER_ROLES,
  wantsPage,
} from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import { AppError, forbidden, notFound, parseInput } from '../../plugins/app-error.ts';
import { requireRole, requireUser } from '../../plugins/request-user.ts';
import { listPage } from '../paging/list-page.ts';
import { assertCanCreateIn, assertCanWrite, canWrite, sameOwner } from '../teams/access.ts';
import { findTrigger } from '../triggers/repository.ts';
import { ownerOf, toTrigger } from '../triggers/serialize.ts';
import { campaignActivity } from './activity.ts';
import { moveCampaign } from './move-campaign.ts';
import {
  type CampaignListScope,
  type CampaignRow,
  campaignTriggers,
  countCampaignsOf,
  findCampaign,
  insertCampaign,
  listCampaignPage,
  listCampaignsOf,
  setTriggerCampaign,
  updateCampaign,
} from './repository.ts';

function toCampaign(row: CampaignRow): Campaign {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    ownerId: row.ownerId,
    teamId: row.teamId,
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    triggerCount: row.triggerCount,
  };
}

/** SPEC §2.11 campaigns. Other people's campaigns answer 404 by id and 403 by owner id. */
export async function campaignRoutes(app: FastifyInstance) {
  async function load(user: UserRow, id: number): Promise<CampaignRow> {
    const row = await findCampaign(app.db, user, id);
    if (!row) throw notFound('Campaign');
    return row;
  }

  /** A campaign the user may change: 404 when unseen, 403 for a team's viewer. */
  async function loadWritable(user: UserRow, id: number): Promise<CampaignRow> {
    const row = await load(user, id);
    await assertCanWrite(app.db, user, row, 'Campaign');
    return row;
  }

  app.get('/', async (request) => {
    const user = requireUser(request);
    const query = parseInput(campaignListQuerySchema, request.query);
    const { userId = user.id, search } = query;
    // SPEC §6 asked for a fixed user id; here the caller may list only their own unless admin.
    if (userId !== user.id && user.role !== 'admin') {
      throw forbidden('You can only list your own campaigns');
    }
    // One's own id lists what one may see: own campaigns and one's teams' (issue 13).
    const scope: CampaignListScope =
      userId === user.id ? { user, teamId: query.teamId } : { ownerId: userId };
    if (!wantsPage(query)) return (await listCampaignsOf(app.db, scope, search)).map(toCampaign);
    return listPage(
      query,
      (limit, offset) => listCampaignPage(app.db, scope, search, limit, offset),
      () => countCampaignsOf(app.db, scope, search),
      toCampaign,
    );
  });

  app.post('/', async (request, reply) => {
    const user = requireRole(request, WRITER_ROLES);
    const { teamId: chosenTeam, ...input } = parseInput(createCampaignSchema, request.body);
    const teamId = await assertCanCreateIn(app.db, user, chosenTeam);
    const id = await insertCampaign(app.db, user.id, teamId, input);
    return reply.status(201).send(toCampaign(await load(user, id)));
  });

  app.get('/:id', async (request): Promise<CampaignDetail> => {
    const user = requireUser(request);
    const { id } = parseInput(campaignIdParamsSchema, request.params);
    const campaign = await load(user, id);
    const [triggers, { activity, total }] = await Promise.all([
      campaignTriggers(app.db, id),
      campaignActivity(app.db, id),
    ]);
    return {
      campaign: toCampaign(campaign),
      triggers: triggers.map(toTrigger),
      activity,
      totalActivations: total,
    };
  });

  app.patch('/:id', async (request) => {
    const user = requireRole(request, WRITER_ROLES);
    const { id } = parseInput(campaignIdParamsSchema, request.params);
    const { teamId: moveTo, ...input } = parseInput(updateCampaignSchema, request.body);
    const existing = await loadWritable(user, id);
    const start = input.startDate !== undefined ? input.startDate : existing.startDate?.toISOString();
    const end = input.endDate !== undefined ? input.endDate : existing.endDate?.toISOString();
    if (start && end && new Date(end) < new Date(start)) {
      throw new AppError('VALIDATION', 'endDate: End date must be after the start date', {
        endDate: 'End date must be after the start date',
      });
    }
    await moveCampaign(app, user, existing, moveTo);
    await updateCampaign(app.db, id, input);
    return toCampaign(await load(user, id));
  });

  /** Archives rather than deletes: activations keep their campaign for reporting. */
  app.delete('/:id', async (request) => {
    const user = requireRole(request, WRITER_ROLES);
    const { id } = parseInput(campaignIdParamsSchema, request.params);
    await loadWritable(user, id);
    await updateCampaign(app.db, id, { status: 'archived' });
    return toCampaign(await load(user, id));
  });

  app.post('/:id/triggers', async (request) => {
    const user = requireRole(request, WRITER_ROLES);
    const { id } = parseInput(campaignIdParamsSchema, request.params);
    const { triggerId } = parseInput(assignTriggerSchema, request.body);
    const campaign = await loadWritable(user, id);
    const trigger = await findTrigger(app.db, user, triggerId);
    // Only a trigger of the campaign's owner (person or team) joins it, so no campaign holds others'.
    if (
      !trigger ||
      !sameOwner(ownerOf(trigger), campaign) ||
      !(await canWrite(app.db, user, ownerOf(trigger)))
    ) {
      throw new AppError('VALIDATION', 'triggerId: Trigger not found', {
        triggerId: 'Trigger not found',
      });
    }
    await setTriggerCampaign(app.db, trigger.id, id);
    return toTrigger({ ...trigger, campaignId: id });
  });

  app.delete('/:id/triggers/:triggerId', async (request, reply) => {
    const user = requireRole(request, WRITER_ROLES);
    const { id, triggerId } = parseInput(campaignTriggerParamsSchema, request.params);
    await loadWritable(user, id);
    const trigger = await findTrigger(app.db, user, triggerId);
    if (!trigger || trigger.campaignId !== id) throw notFound('Trigger');
    await setTriggerCampaign(app.db, trigger.id, null);
    return reply.status(204).send();
  });
}
