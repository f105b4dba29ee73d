import {
  type ListenerAction,
  type SegmentCriteria,
  segmentCriteriaSchema,
  type TriggerAction,
  TYPE_OF_ACTION,
} from '@tonemark/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { abTests, abTestVariants, audienceSegments, soundTriggers } from '../../db/schema.ts';
import type { DetectionRequest, Personalization } from '../listener/resolve-detection.ts';
import { detectionTraits } from '../segments/device-traits.ts';
import { matchesSegment } from '../segments/match-segment.ts';
import { targetedSegmentIds } from '../segments/targeting.ts';
import type { ResolvableTrigger } from '../triggers/resolvable-trigger.ts';
import { pickVariant } from './assign-variant.ts';

/** How long a snapshot serves before the database is asked again (other instances' changes). */
const REFRESH_MS = 5000;

interface Segment {
  id: number;
  creatorId: number | null;
  criteria: SegmentCriteria;
}

interface LiveVariant {
  id: number;
  testId: number;
  triggerId: number;
  trafficAllocation: number;
  action: TriggerAction | null;
  actionData: string | null;
  segmentIds: number[];
}

interface Snapshot {
  segments: Map<number, Segment>;
  segmentsByOwner: Map<number, Segment[]>;
  /** Triggers that run only for some segments: their segment ids. */
  targeting: Map<number, number[]>;
  /** Running tests' variants by trigger. */
  variantsByTrigger: Map<number, LiveVariant[]>;
  loadedAt: number;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

async function load(db: Db): Promise<Snapshot> {
  const [segmentRows, targetRows, variantRows] = await Promise.all([
    db
      .select({
        id: audienceSegments.id,
        creatorId: audienceSegments.creatorId,
        criteria: audienceSegments.criteria,
      })
      .from(audienceSegments),
    db
      .select({ id: soundTriggers.id, targeting: soundTriggers.audienceTargeting })
      .from(soundTriggers)
      .where(isNotNull(soundTriggers.audienceTargeting)),
    db
      .select({
        id: abTestVariants.id,
        testId: abTestVariants.testId,
        triggerId: abTestVariants.triggerId,
        trafficAllocation: abTestVariants.trafficAllocation,
        action: abTestVariants.action,
        actionData: abTestVariants.actionData,
        segmentIds: abTestVariants.segmentIds,
      })
      .from(abTestVariants)
      .innerJoin(abTests, and(eq(abTests.id, abTestVariants.testId), eq(abTests.status, 'running'))),
  ]);
  const segments = new Map<number, Segment>();
  const segmentsByOwner = new Map<number, Segment[]>();
  for (const row of segmentRows.sort((a, b) => a.id - b.id)) {
    const criteria = segmentCriteriaSchema.safeParse(row.criteria);
    if (!criteria.success) continue;
    const segment = { id: row.id, creatorId: row.creatorId, criteria: criteria.data };
    segments.set(row.id, segment);
    if (row.creatorId !== null) push(segmentsByOwner, row.creatorId, segment);
  }
  const targeting = new Map<number, number[]>();
  for (const row of targetRows) {
    const ids = targetedSegmentIds(row.targeting);
    if (ids.length > 0) targeting.set(row.id, ids);
  }
  const variantsByTrigger = new Map<number, LiveVariant[]>();
  for (const row of variantRows) {
    if (row.triggerId === null) continue;
    push(variantsByTrigger, row.triggerId, { ...row, triggerId: row.triggerId });
  }
  return { segments, segmentsByOwner, targeting, variantsByTrigger, loadedAt: Date.now() };
}

export const NOT_TARGETED_MESSAGE =
  'This trigger is aimed at another audience (device, time or language), so nothing runs here.';

/**
 * What the resolver asks for every detection, from memory: running A/B tests by trigger, the
 * segments and which triggers target them. Rebuilt at once after a change in this process and
 * at most every 5 s otherwise, so other instances' changes arrive within seconds.
 */
export class ExperimentDirectory {
  private snapshot: Snapshot | undefined;
  private loading: Promise<Snapshot> | undefined;
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly clickUrl: (activationId: string) => string,
  ) {}

  invalidate(): void {
    this.generation += 1;
    this.snapshot = undefined;
    // A load already under way may have read the old rows: the next caller starts a fresh one.
    this.loading = undefined;
  }

  private async current(): Promise<Snapshot> {
    const snapshot = this.snapshot;
    if (snapshot && Date.now() - snapshot.loadedAt < REFRESH_MS) return snapshot;
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = load(this.db)
      .then((loaded) => {
        if (generation === this.generation) this.snapshot = loaded;
        return loaded;
      })
      .finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
    this.loading = loading;
    return loading;
  }

  async personalize(
    trigger: ResolvableTrigger,
    request: DetectionRequest & { activationId: string; detectedAt: Date },
  ): Promise<Personalization> {
    const snapshot = await this.current();
    const traits = detectionTraits({
      deviceType: request.deviceType,
      osVersion: request.osVersion,
      detectedAt: request.detectedAt,
      language: request.language,
      utcOffsetMinutes: request.utcOffsetMinutes,
    });
    const ownSegments = (ids: number[]) =>
      ids.flatMap((id) => {
        const segment = snapshot.segments.get(id);
        return segment && segment.creatorId === trigger.creatorId ? [segment] : [];
      });
    const firstMatch = (segments: Segment[]) => segments.find((s) => matchesSegment(s.criteria, traits));

    let matched: Segment | undefined;
    const targeted = ownSegments(snapshot.targeting.get(trigger.id) ?? []);
    if (targeted.length > 0) {
      matched = firstMatch(targeted);
      if (!matched) return { kind: 'not-targeted', message: NOT_TARGETED_MESSAGE };
    }

    let variant: LiveVariant | undefined;
    const variants = snapshot.variantsByTrigger.get(trigger.id);
    if (variants && variants.length > 0) {
      // A variant whose segments were all deleted is for everyone again, as a trigger's targeting.
      const eligible = variants.filter((v) => {
        const segments = ownSegments(v.segmentIds);
        return segments.length === 0 || segments.some((s) => matchesSegment(s.criteria, traits));
      });
      if (eligible.length === 0) return { kind: 'not-targeted', message: NOT_TARGETED_MESSAGE };
      variant = pickVariant(eligible[0]?.testId ?? 0, request.deviceKey, eligible);
      if (variant && !matched && variant.segmentIds.length > 0)
        matched = firstMatch(ownSegments(variant.segmentIds));
    }
    // Untargeted detections still file under the first of the owner's segments they fall in.
    matched ??= firstMatch(
      trigger.creatorId === null ? [] : (snapshot.segmentsByOwner.get(trigger.creatorId) ?? []),
    );

    const base: ListenerAction =
      variant?.action && variant.actionData !== null
        ? {
            name: trigger.name,
            type: TYPE_OF_ACTION[variant.action],
            action: variant.action,
            actionData: variant.actionData,
          }
        : { name: trigger.name, type: trigger.type, action: trigger.action, actionData: trigger.actionData };
    // Every link goes through the tracked redirect: the click is a conversion step.
    const action =
      base.action === 'OPEN_URL' ? { ...base, actionData: this.clickUrl(request.activationId) } : base;
    return {
      kind: 'run',
      action,
      abTestId: variant?.testId ?? null,
      abVariantId: variant?.id ?? null,
      audienceSegment: matched ? String(matched.id) : null,
    };
  }
}
