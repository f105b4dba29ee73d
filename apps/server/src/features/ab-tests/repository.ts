import {
  type AbTest,
  type AbTestStatus,
  type CreateAbTestInput,
  type createAbTestSchema,
  type ErrorCode,
  TYPE_OF_ACTION,
} from '@tonemark/shared';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { abTests, abTestVariants, audienceSegments, campaigns, soundTriggers } from '../../db/schema.ts';
import { AppError, notFound } from '../../plugins/app-error.ts';

type CreateInput = z.output<typeof createAbTestSchema>;

export type { CreateAbTestInput };

const invalid = (message: string, field = 'variants') =>
  new AppError('VALIDATION', message, { [field]: message });
const conflict = (code: ErrorCode, message: string) => new AppError(code, message);

/** Tests (newest first) with their variants, filtered by `where` on ab_tests / campaigns. */
export async function loadTests(db: Db, where: SQL | undefined): Promise<AbTest[]> {
  const tests = await db
    .select({
      test: abTests,
      campaignName: campaigns.name,
      ownerId: campaigns.ownerId,
      teamId: campaigns.teamId,
    })
    .from(abTests)
    .innerJoin(campaigns, eq(campaigns.id, abTests.campaignId))
    .where(where)
    .orderBy(desc(abTests.createdAt), desc(abTests.id));
  if (tests.length === 0) return [];
  const variants = await db
    .select({ variant: abTestVariants, triggerName: soundTriggers.name, trigger: soundTriggers })
    .from(abTestVariants)
    .leftJoin(soundTriggers, eq(soundTriggers.id, abTestVariants.triggerId))
    .where(
      inArray(
        abTestVariants.testId,
        tests.map((t) => t.test.id),
      ),
    )
    .orderBy(asc(abTestVariants.id));
  return tests.map(({ test, campaignName, ownerId, teamId }) => ({
    id: test.id,
    name: test.name,
    description: test.description,
    campaignId: test.campaignId,
    campaignName,
    ownerId,
    teamId,
    status: test.status,
    startDate: test.startDate?.toISOString() ?? null,
    endDate: test.endDate?.toISOString() ?? null,
    winnerVariantId: test.winnerVariantId,
    createdAt: test.createdAt.toISOString(),
    variants: variants
      .filter((v) => v.variant.testId === test.id)
      .map(({ variant, triggerName, trigger }) => ({
        id: variant.id,
        name: variant.name,
        triggerId: variant.triggerId,
        triggerName,
        trafficAllocation: variant.trafficAllocation,
        action: variant.action ?? trigger?.action ?? 'CUSTOM_ACTION',
        actionData: variant.actionData ?? trigger?.actionData ?? '',
        segmentIds: variant.segmentIds,
        conversionGoal: trigger?.conversionGoal ?? null,
      })),
  }));
}

export async function findTest(db: Db, id: number): Promise<AbTest> {
  const [test] = await loadTests(db, eq(abTests.id, id));
  if (!test) throw notFound('A/B test');
  return test;
}

/**
 * Every variant's trigger must belong to the test's campaign, and its segments to the campaign's
 * owner: a test never reaches another account's trigger or segment.
 */
async function checkVariants(db: Db, input: CreateInput, ownerId: number | null): Promise<void> {
  const triggerIds = [...new Set(input.variants.map((v) => v.triggerId))];
  const found = await db
    .select({ id: soundTriggers.id })
    .from(soundTriggers)
    .where(and(inArray(soundTriggers.id, triggerIds), eq(soundTriggers.campaignId, input.campaignId)));
  if (found.length !== triggerIds.length)
    throw invalid(
      'Every variant must use a trigger of this campaign (add the trigger to the campaign first)',
    );
  const segmentIds = [...new Set(input.variants.flatMap((v) => v.segmentIds))];
  if (segmentIds.length > 0) {
    const owned = await db
      .select({ id: audienceSegments.id })
      .from(audienceSegments)
      .where(
        and(
          inArray(audienceSegments.id, segmentIds),
          ownerId === null ? sql`false` : eq(audienceSegments.creatorId, ownerId),
        ),
      );
    if (owned.length !== segmentIds.length) throw invalid('A variant names a segment that is not yours');
  }
}

export async function createTest(db: Db, input: CreateInput, ownerId: number | null): Promise<number> {
  await checkVariants(db, input, ownerId);
  return db.transaction(async (tx) => {
    const [test] = await tx
      .insert(abTests)
      .values({
        name: input.name,
        description: input.description ?? null,
        campaignId: input.campaignId,
        status: 'draft',
      })
      .returning({ id: abTests.id });
    if (!test) throw new Error('insert returned no row');
    await tx.insert(abTestVariants).values(
      input.variants.map((v) => ({
        testId: test.id,
        triggerId: v.triggerId,
        name: v.name,
        trafficAllocation: v.trafficAllocation,
        action: v.action,
        actionData: v.actionData,
        segmentIds: v.segmentIds,
      })),
    );
    return test.id;
  });
}

const touchTriggers = (db: Db, triggerIds: number[]) =>
  triggerIds.length === 0
    ? Promise.resolve()
    : db
        .update(soundTriggers)
        .set({ updatedAt: new Date() })
        .where(inArray(soundTriggers.id, triggerIds))
        .then(() => undefined);

const triggerIdsOf = (test: AbTest) => [
  ...new Set(test.variants.flatMap((v) => (v.triggerId === null ? [] : [v.triggerId]))),
];

/** Start (or resume), pause or end. A trigger runs at most one test at a time. */
export async function applyCommand(db: Db, test: AbTest, command: 'start' | 'pause' | 'end'): Promise<void> {
  const now = new Date();
  const allowed: Record<typeof command, AbTestStatus[]> = {
    start: ['draft', 'paused'],
    pause: ['running'],
    end: ['draft', 'running', 'paused'],
  };
  if (!allowed[command].includes(test.status))
    throw conflict(
      'INVALID_STATE',
      `A ${test.status} test cannot be ${command === 'end' ? 'ended' : `${command}ed`}`,
    );
  const triggerIds = triggerIdsOf(test);
  if (command === 'start') {
    if (test.variants.length < 2)
      throw conflict(
        'INVALID_STATE',
        'A deleted trigger took variants with it: this test has fewer than two',
      );
    if (test.variants.some((v) => v.triggerId === null))
      throw conflict(
        'INVALID_STATE',
        'A variant lost its trigger (deleted): end this test and make a new one',
      );
    const busy = await db
      .select({ name: abTests.name })
      .from(abTestVariants)
      .innerJoin(abTests, eq(abTests.id, abTestVariants.testId))
      .where(
        and(
          inArray(abTestVariants.triggerId, triggerIds),
          eq(abTests.status, 'running'),
          ne(abTests.id, test.id),
        ),
      )
      .limit(1);
    if (busy[0])
      throw conflict(
        'TRIGGER_IN_TEST',
        `A trigger of this test is already in the running test "${busy[0].name}"`,
      );
  }
  const status = command === 'start' ? 'running' : command === 'pause' ? 'paused' : 'ended';
  await db
    .update(abTests)
    .set({
      status,
      ...(command === 'start' && test.startDate === null ? { startDate: now } : {}),
      ...(command === 'end' ? { endDate: now } : {}),
    })
    .where(eq(abTests.id, test.id));
  // Bumps the triggers' updated_at, so every instance's catalogue notices (fingerprint).
  await touchTriggers(db, triggerIds);
}

/** Ends the test and makes the winning variant's action its trigger's own. */
export async function declareWinner(db: Db, test: AbTest, variantId: number): Promise<void> {
  const variant = test.variants.find((v) => v.id === variantId);
  if (!variant) throw invalid('This variant is not part of the test', 'variantId');
  if (test.status === 'ended' && test.winnerVariantId !== null)
    throw conflict('INVALID_STATE', 'This test already has a winner');
  if (variant.triggerId === null)
    throw conflict('INVALID_STATE', 'The winning variant lost its trigger (deleted)');
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(abTests)
      .set({
        status: 'ended',
        endDate: test.endDate ? new Date(test.endDate) : now,
        winnerVariantId: variantId,
      })
      .where(eq(abTests.id, test.id));
    await tx
      .update(soundTriggers)
      .set({
        action: variant.action,
        type: TYPE_OF_ACTION[variant.action],
        actionData: variant.actionData,
        updatedAt: now,
      })
      .where(eq(soundTriggers.id, variant.triggerId as number));
  });
  await touchTriggers(db, triggerIdsOf(test));
}

export async function deleteTest(db: Db, test: AbTest): Promise<void> {
  await db.delete(abTests).where(eq(abTests.id, test.id));
  await touchTriggers(db, triggerIdsOf(test));
}
