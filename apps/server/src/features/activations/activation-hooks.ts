import type { Db } from '../../db/client.ts';
import { enqueueActivationWebhooks } from '../webhook-outbox/webhook-outbox.ts';

/** One activation as stored, with what its listeners (webhooks, dashboards) need to know. */
export interface RecordedActivation {
  triggerId: number;
  triggerName: string;
  creatorId: number | null;
  /** The trigger's team (issue 13): its members hear about the activation, not only the creator. */
  teamId: number | null;
  activationId: string;
  deviceType: string;
  activatedAt: Date;
}

type ActivationListener = (activation: RecordedActivation) => void;
const listeners = new WeakMap<Db, Set<ActivationListener>>();

/**
 * Calls `listener` after each activation stored on `db` has committed (the public API's
 * trigger.activated webhook). Keyed by database, so apps sharing a process never hear each other.
 */
export function onActivationRecorded(db: Db, listener: ActivationListener): () => void {
  const set = listeners.get(db) ?? new Set<ActivationListener>();
  listeners.set(db, set);
  set.add(listener);
  return () => set.delete(listener);
}

/** Work that must wait until the transaction that stored the activations has committed. */
export type AfterCommit = (db: Db) => void;

/**
 * The one seam every write path of activations goes through (the batched ingest writer and the
 * single-row recordActivation), called inside the transaction that stored `stored`. Whatever must
 * be as durable as the activations themselves belongs in here, on `tx`: the trigger.activated
 * deliveries of the webhook outbox commit with the activations or not at all. What it returns runs
 * once that transaction has committed (the in-memory listeners, which wake the dispatcher).
 */
export async function afterActivationsStored(tx: Db, stored: RecordedActivation[]): Promise<AfterCommit> {
  await enqueueActivationWebhooks(tx, stored);
  return (db) => {
    const set = listeners.get(db);
    if (!set || set.size === 0) return;
    for (const activation of stored) for (const listener of set) listener(activation);
  };
}
