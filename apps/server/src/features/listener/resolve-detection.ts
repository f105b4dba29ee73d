import { randomUUID } from 'node:crypto';
import {
  type DetectionResult,
  type DeviceType,
  type ListenerAction,
  RETRYABLE_REFUSALS,
} from '@tonemark/shared';
import type { RecordedActivation } from '../activations/activation-hooks.ts';
import type { ActivationWriter, WriteOutcome } from '../activations/activation-writer.ts';
import { listenerActionOf, type ResolvableTrigger } from '../triggers/resolvable-trigger.ts';
import type { CatalogueCache } from './catalogue.ts';
import type { DetectionGuard, Refusal } from './detection-guard.ts';

/** A detection from any transport (HTTP, /ws), already validated by the shared contracts. */
export interface DetectionRequest {
  activationId?: string;
  /** The catalogue id (listeners) or the row id (the signed-in simulator). */
  trigger: { listenerId: string } | { id: number };
  detectedAt?: Date;
  deviceKey: string;
  ip: string;
  deviceType: DeviceType;
  osVersion: string;
  batteryImpact?: number;
  score?: number;
  snrDb?: number;
  speed?: number;
  tempo?: number;
  /** What audience segments match on besides the user agent (docs/decisions/ab-tests.md). */
  language?: string;
  utcOffsetMinutes?: number;
  /** Signed-in devices get this per-minute budget instead of the anonymous one. */
  perMinute?: number;
}

/** How long a client should wait when the writer is behind. */
export const OVERLOAD_RETRY_MS = 2000;
/** Final answers kept to give a repeat the same answer without a database read. */
const ANSWER_CACHE_SIZE = 50_000;
/** An unknown id rebuilds the catalogue at most this often (another instance may have just made it). */
const MISS_REBUILD_MS = 2000;

/**
 * What runs for this device (docs/decisions/ab-tests.md): the trigger's action, or its A/B
 * variant's, with OPEN_URL through the tracked link; or nothing, when the trigger targets
 * segments the device is not in.
 */
export type Personalization =
  | {
      kind: 'run';
      action: ListenerAction;
      abTestId: number | null;
      abVariantId: number | null;
      audienceSegment: string | null;
    }
  | { kind: 'not-targeted'; message: string };

export type Personalizer = (
  trigger: ResolvableTrigger,
  request: DetectionRequest & { activationId: string; detectedAt: Date },
) => Promise<Personalization>;

export interface ResolverDeps {
  catalogue: CatalogueCache;
  writer: ActivationWriter;
  guard: DetectionGuard;
  onStored: (activation: RecordedActivation) => void;
  onError: (error: unknown) => void;
  /** Without it every detection runs the trigger's own action. */
  personalize?: Personalizer;
}

function refused(activationId: string, refusal: Refusal): DetectionResult {
  return { activationId, status: 'refused', ...refusal };
}

/**
 * Turns a detection into an answer: the action to run, or a refusal with its reason. Every
 * detection gets one. A repeat of an activation id gets the answer the first one got (from
 * memory, from the in-flight write, or from the stored row after a restart).
 */
export class DetectionResolver {
  private readonly answers = new Map<string, DetectionResult>();
  private readonly inFlight = new Map<string, Promise<DetectionResult>>();
  private lastMissRebuild = 0;

  constructor(private readonly deps: ResolverDeps) {}

  resolve(request: DetectionRequest): Promise<DetectionResult> {
    const activationId = request.activationId ?? randomUUID();
    const known = this.answers.get(activationId);
    if (known) return Promise.resolve(known.status === 'accepted' ? { ...known, duplicate: true } : known);
    const pending = this.inFlight.get(activationId);
    if (pending) return pending.then((r) => (r.status === 'accepted' ? { ...r, duplicate: true } : r));
    const promise = this.decide(activationId, request).then((result) => {
      this.inFlight.delete(activationId);
      // Final answers only: a retryable refusal, or an abuse block that lifts, may end otherwise.
      const final =
        result.status === 'accepted' ||
        (!RETRYABLE_REFUSALS.includes(result.reason) && result.reason !== 'abuse');
      if (final) this.remember(activationId, result);
      return result;
    });
    this.inFlight.set(activationId, promise);
    return promise;
  }

  private remember(activationId: string, result: DetectionResult) {
    this.answers.set(activationId, result);
    if (this.answers.size > ANSWER_CACHE_SIZE) {
      const oldest = this.answers.keys().next().value;
      if (oldest !== undefined) this.answers.delete(oldest);
    }
  }

  private async find(request: DetectionRequest): Promise<ResolvableTrigger | undefined> {
    const look = (snapshot: Awaited<ReturnType<CatalogueCache['current']>>) =>
      'id' in request.trigger
        ? snapshot.byId.get(request.trigger.id)
        : snapshot.byListenerId.get(request.trigger.listenerId);
    const found = look(await this.deps.catalogue.current());
    if (found) return found;
    const now = Date.now();
    if (now - this.lastMissRebuild < MISS_REBUILD_MS) return undefined;
    this.lastMissRebuild = now;
    this.deps.catalogue.invalidate();
    return look(await this.deps.catalogue.current());
  }

  private async decide(activationId: string, request: DetectionRequest): Promise<DetectionResult> {
    const { writer, guard } = this.deps;
    if (writer.overloaded())
      return refused(activationId, {
        reason: 'overloaded',
        message: 'The server is busy storing detections; send this one again shortly.',
        retryAfterMs: OVERLOAD_RETRY_MS,
      });
    const trigger = await this.find(request);
    if (!trigger) {
      guard.noteBad(request.ip);
      return refused(activationId, {
        reason: 'unknown-trigger',
        message: 'No active trigger has this id.',
      });
    }
    const detectedAt = request.detectedAt ?? new Date();
    const personal: Personalization = this.deps.personalize
      ? await this.deps.personalize(trigger, { ...request, activationId, detectedAt })
      : {
          kind: 'run',
          action: listenerActionOf(trigger),
          abTestId: null,
          abVariantId: null,
          audienceSegment: null,
        };
    if (personal.kind === 'not-targeted')
      return refused(activationId, { reason: 'not-targeted', message: personal.message });
    const slot = { activationId, deviceKey: request.deviceKey, triggerId: trigger.id };
    const refusal = guard.admit({
      ...slot,
      ip: request.ip,
      deviceType: request.deviceType,
      detectedAt: detectedAt.getTime(),
      perMinute: request.perMinute,
    });
    if (refusal) return refused(activationId, refusal);

    let outcome: WriteOutcome;
    try {
      outcome = await writer.write({
        activationId,
        triggerId: trigger.id,
        deviceType: request.deviceType,
        osVersion: request.osVersion,
        batteryImpact: request.batteryImpact ?? null,
        fingerprint: request.deviceKey,
        detectedAt,
        score: request.score ?? null,
        snrDb: request.snrDb ?? null,
        speed: request.speed ?? null,
        tempo: request.tempo ?? null,
        abTestId: personal.abTestId,
        abVariantId: personal.abVariantId,
        audienceSegment: personal.audienceSegment,
      });
    } catch (error) {
      guard.release(slot);
      this.deps.onError(error);
      return refused(activationId, {
        reason: 'overloaded',
        message: 'The detection could not be stored; send it again shortly.',
        retryAfterMs: OVERLOAD_RETRY_MS,
      });
    }
    const accepted = (duplicate: boolean): DetectionResult => ({
      activationId,
      status: 'accepted',
      duplicate,
      publicTriggerId: trigger.listenerId,
      action: personal.action,
    });
    switch (outcome.kind) {
      case 'stored':
        this.deps.onStored(outcome.activation);
        return accepted(false);
      case 'duplicate':
        if (outcome.triggerId !== trigger.id)
          return refused(activationId, {
            reason: 'unknown-trigger',
            message: 'This activation id was already used for another trigger.',
          });
        return accepted(true);
      default:
        guard.release(slot);
        return refused(activationId, {
          reason: 'unknown-trigger',
          message: 'The trigger is no longer active.',
        });
    }
  }
}
