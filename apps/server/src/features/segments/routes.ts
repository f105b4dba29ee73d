import {
  type AudienceSegment,
  createSegmentSchema,
  type SegmentList,
  segmentCriteriaSchema,
  segmentIdParamsSchema,
  triggerTargetingParamsSchema,
  triggerTargetingSchema,
  updateSegmentSchema,
} from '@tonemark/shared';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { audienceSegments, soundTriggers, type UserRow } from '../../db/schema.ts';
import { AppError, parseInput } from '../../plugins/app-error.ts';
import { requireUser } from '../../plugins/request-user.ts';
import { assertAccess, readableSegments } from './access.ts';
import { targetedSegmentIds } from './targeting.ts';

type SegmentRow = typeof audienceSegments.$inferSelect;

async function serialize(app: FastifyInstance, rows: SegmentRow[]): Promise<AudienceSegment[]> {
  const owners = [...new Set(rows.flatMap((r) => (r.creatorId === null ? [] : [r.creatorId])))];
  const targeting =
    owners.length === 0
      ? []
      : await app.db
          .select({ id: soundTriggers.id, targeting: soundTriggers.audienceTargeting })
          .from(soundTriggers)
          .where(and(inArray(soundTriggers.creatorId, owners), isNotNull(soundTriggers.audienceTargeting)));
  return rows.map((row) => {
    const criteria = segmentCriteriaSchema.safeParse(row.criteria);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      criteria: criteria.success ? criteria.data : {},
      createdAt: row.createdAt.toISOString(),
      targetedTriggerIds: targeting
        .filter((t) => targetedSegmentIds(t.targeting).includes(row.id))
        .map((t) => t.id)
        .sort((a, b) => a - b),
    };
  });
}

/** /api/segments: audience segments and which triggers target them (docs/decisions/ab-tests.md). */
export async function segmentRoutes(app: FastifyInstance) {
  async function one(id: number): Promise<AudienceSegment> {
    const rows = await app.db.select().from(audienceSegments).where(eq(audienceSegments.id, id));
    const [segment] = await serialize(app, rows);
    if (!segment) throw new AppError('NOT_FOUND', 'Segment not found');
    return segment;
  }

  const assertWriter = (user: UserRow) => {
    if (user.role === 'viewer') throw new AppError('FORBIDDEN', 'Viewers can look but not change anything');
  };

  app.get('/', async (request): Promise<SegmentList> => {
    const user = requireUser(request);
    const rows = await app.db
      .select()
      .from(audienceSegments)
      .where(readableSegments(user))
      .orderBy(asc(audienceSegments.name), asc(audienceSegments.id));
    return { segments: await serialize(app, rows) };
  });

  app.post('/', async (request, reply) => {
    const user = requireUser(request);
    assertWriter(user);
    const input = parseInput(createSegmentSchema, request.body);
    const [row] = await app.db
      .insert(audienceSegments)
      .values({
        name: input.name,
        description: input.description ?? null,
        criteria: input.criteria,
        creatorId: user.id,
      })
      .returning();
    app.experiments.changed();
    return reply.status(201).send((await serialize(app, row ? [row] : []))[0]);
  });

  app.patch('/:id', async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(segmentIdParamsSchema, request.params);
    const input = parseInput(updateSegmentSchema, request.body);
    await assertAccess(app.db, user, { segmentId: id }, 'write');
    if (Object.keys(input).length > 0)
      await app.db
        .update(audienceSegments)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description ?? null } : {}),
          ...(input.criteria !== undefined ? { criteria: input.criteria } : {}),
        })
        .where(eq(audienceSegments.id, id));
    app.experiments.changed();
    return one(id);
  });

  app.delete('/:id', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseInput(segmentIdParamsSchema, request.params);
    await assertAccess(app.db, user, { segmentId: id }, 'write');
    const [targets] = await serialize(
      app,
      await app.db.select().from(audienceSegments).where(eq(audienceSegments.id, id)),
    );
    if (targets && targets.targetedTriggerIds.length > 0)
      throw new AppError(
        'SEGMENT_IN_USE',
        `Triggers target this segment (${targets.targetedTriggerIds.length}): remove it from them first`,
      );
    await app.db.delete(audienceSegments).where(eq(audienceSegments.id, id));
    app.experiments.changed();
    return reply.status(204).send();
  });

  /** The segments a trigger runs for; [] runs it for everyone again. */
  app.put('/targeting/:triggerId', async (request) => {
    const user = requireUser(request);
    const { triggerId } = parseInput(triggerTargetingParamsSchema, request.params);
    const { segmentIds } = parseInput(triggerTargetingSchema, request.body);
    await assertAccess(app.db, user, { triggerId }, 'write');
    const [trigger] = await app.db
      .select({ creatorId: soundTriggers.creatorId })
      .from(soundTriggers)
      .where(eq(soundTriggers.id, triggerId));
    const unique = [...new Set(segmentIds)];
    if (unique.length > 0) {
      const owned = await app.db
        .select({ id: audienceSegments.id })
        .from(audienceSegments)
        .where(
          and(inArray(audienceSegments.id, unique), eq(audienceSegments.creatorId, trigger?.creatorId ?? 0)),
        );
      if (owned.length !== unique.length)
        throw new AppError('VALIDATION', 'Target only segments of the trigger’s owner', {
          segmentIds: 'Target only segments of the trigger’s owner',
        });
    }
    // updated_at moves, so every instance's catalogue and directory notice.
    await app.db
      .update(soundTriggers)
      .set({ audienceTargeting: unique.length > 0 ? { segmentIds: unique } : null, updatedAt: new Date() })
      .where(eq(soundTriggers.id, triggerId));
    app.experiments.changed();
    return { triggerId, segmentIds: unique };
  });
}
