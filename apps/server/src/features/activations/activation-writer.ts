import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { afterActivationsStored, type RecordedActivation } from './activation-hooks.ts';

/** One detection the resolver accepted, waiting to be stored. */
export interface PendingActivation {
  activationId: string;
  triggerId: number;
  deviceType: string;
  osVersion: string;
  batteryImpact: number | null;
  fingerprint: string;
  detectedAt: Date;
  score: number | null;
  snrDb: number | null;
  speed: number | null;
  tempo: number | null;
  /** The A/B test and variant served, and the audience segment matched (docs/decisions/ab-tests.md). */
  abTestId?: number | null;
  abVariantId?: number | null;
  audienceSegment?: string | null;
}

export type WriteOutcome =
  | { kind: 'stored'; activation: RecordedActivation }
  /** This activation id was stored before (by an earlier send of the same detection). */
  | { kind: 'duplicate'; triggerId: number | null }
  /** The trigger stopped being active (or was deleted) before the batch was written. */
  | { kind: 'inactive' };

interface Waiting {
  item: PendingActivation;
  enqueuedAt: number;
  resolve: (outcome: WriteOutcome) => void;
  reject: (error: unknown) => void;
}

export interface ActivationWriterOptions {
  /** Rows per INSERT (and per transaction). */
  maxBatch?: number;
  /** Queue length above which new detections are refused as overloaded. */
  maxQueue?: number;
  /** A queue whose oldest entry has waited this long is overloaded too: acks would come late. */
  maxWaitMs?: number;
}

// 15 parameters a row: 500 rows stay far below PostgreSQL's 65,535 parameters per statement.
const DEFAULTS = { maxBatch: 500, maxQueue: 20_000, maxWaitMs: 1500 } as const;

interface StoredRow {
  activation_id: string;
  trigger_id: number;
  activated_at: Date | string;
  name: string;
  creator_id: number | null;
  team_id: number | null;
}

/**
 * Group commit for activations. Detections queue here; one flush at a time takes everything
 * queued (up to maxBatch) and stores it with one INSERT in one transaction, together with the
 * triggers' counters and afterActivationsStored; only after the commit is each caller answered,
 * so an acknowledgement always means a durable row. While a flush runs the next batch gathers,
 * so batches grow with the load and the database does one round trip per batch, not per row.
 */
export class ActivationWriter {
  private queue: Waiting[] = [];
  private flushing: Promise<void> | undefined;
  private readonly opts: Required<ActivationWriterOptions>;
  private stored = 0;

  constructor(
    private readonly db: Db,
    opts: ActivationWriterOptions = {},
  ) {
    this.opts = { ...DEFAULTS, ...opts };
  }

  get queued(): number {
    return this.queue.length;
  }

  get storedCount(): number {
    return this.stored;
  }

  /** true when a new detection should be refused (and retried later) rather than queued. */
  overloaded(now = Date.now()): boolean {
    const oldest = this.queue[0];
    return (
      this.queue.length >= this.opts.maxQueue ||
      (oldest !== undefined && now - oldest.enqueuedAt > this.opts.maxWaitMs)
    );
  }

  write(item: PendingActivation): Promise<WriteOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, enqueuedAt: Date.now(), resolve, reject });
      this.kick();
    });
  }

  /** Waits until everything queued so far is stored (shutdown). */
  async drain(): Promise<void> {
    while (this.flushing || this.queue.length > 0) {
      this.kick();
      await this.flushing;
    }
  }

  private kick() {
    if (this.flushing || this.queue.length === 0) return;
    this.flushing = this.flushLoop().finally(() => {
      this.flushing = undefined;
      // Items may have arrived after the loop's last look.
      if (this.queue.length > 0) this.kick();
    });
  }

  private async flushLoop(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.opts.maxBatch);
      try {
        const outcomes = await this.store(batch.map((w) => w.item));
        for (const [i, waiting] of batch.entries()) waiting.resolve(outcomes[i] as WriteOutcome);
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
  }

  private async store(items: PendingActivation[]): Promise<WriteOutcome[]> {
    // One row per activation id: a repeat inside the batch gets the first one's outcome.
    const unique = new Map<string, PendingActivation>();
    for (const item of items) if (!unique.has(item.activationId)) unique.set(item.activationId, item);
    const rows = [...unique.values()];

    const { storedRows, afterCommit, existing } = await this.db.transaction(async (tx) => {
      const storedRows = rowsOf<StoredRow>(await tx.execute(insertBatch(rows)));
      const storedIds = new Set(storedRows.map((r) => r.activation_id));
      const missing = rows.filter((r) => !storedIds.has(r.activationId)).map((r) => r.activationId);
      const existing = new Map<string, number | null>();
      if (missing.length > 0) {
        const found = await tx.execute(
          sql`select activation_id, trigger_id from trigger_activations where activation_id in (${sql.join(
            missing.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        );
        for (const row of rowsOf<{ activation_id: string; trigger_id: number | null }>(found))
          existing.set(row.activation_id, row.trigger_id === null ? null : Number(row.trigger_id));
      }
      const recorded = storedRows.map((row) => toRecorded(row, unique.get(row.activation_id)));
      const afterCommit = await afterActivationsStored(tx, recorded);
      return { storedRows: recorded, afterCommit, existing };
    });
    afterCommit(this.db);
    this.stored += storedRows.length;

    const byId = new Map(storedRows.map((r) => [r.activationId, r]));
    const firstSeen = new Set<string>();
    return items.map((item): WriteOutcome => {
      const activation = byId.get(item.activationId);
      if (activation && !firstSeen.has(item.activationId)) {
        firstSeen.add(item.activationId);
        return { kind: 'stored', activation };
      }
      if (activation) return { kind: 'duplicate', triggerId: activation.triggerId };
      if (existing.has(item.activationId))
        return { kind: 'duplicate', triggerId: existing.get(item.activationId) ?? null };
      return { kind: 'inactive' };
    });
  }
}

/** Both drivers answer a raw statement with `{ rows }`; the SQL above fixes the columns. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function toRecorded(row: StoredRow, item: PendingActivation | undefined): RecordedActivation {
  return {
    activationId: row.activation_id,
    triggerId: Number(row.trigger_id),
    triggerName: row.name,
    creatorId: row.creator_id === null ? null : Number(row.creator_id),
    teamId: row.team_id === null ? null : Number(row.team_id),
    deviceType: item?.deviceType ?? '',
    activatedAt: row.activated_at instanceof Date ? row.activated_at : new Date(row.activated_at),
  };
}

/**
 * One statement: insert the rows whose trigger is still active (checked at write time, so a
 * trigger switched off a moment ago collects nothing), skip activation ids already stored, add
 * what was stored to each trigger's counter, and return the stored rows with their trigger.
 */
function insertBatch(rows: PendingActivation[]): SQL {
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.activationId}::uuid, ${r.triggerId}::int, ${r.deviceType}::text, ${r.osVersion}::text, ${r.batteryImpact}::int, ${r.fingerprint}::text, ${r.detectedAt.toISOString()}::timestamptz, ${r.score}::real, ${r.snrDb}::real, ${r.speed}::real, ${r.tempo}::real, ${r.abTestId ?? null}::int, ${r.abVariantId ?? null}::int, ${r.audienceSegment ?? null}::text)`,
    ),
    sql`, `,
  );
  return sql`
    with input (activation_id, trigger_id, device_type, os_version, battery_impact, fingerprint,
                detected_at, score, snr_db, speed, tempo, ab_test_id, ab_variant_id, audience_segment)
      as (values ${values}),
    ins as (
      insert into trigger_activations (activation_id, trigger_id, campaign_id, device_type, os_version,
        battery_impact, device_fingerprint, detected_at, detection_score, snr_db, speed, tempo,
        ab_test_id, ab_variant_id, audience_segment)
      select i.activation_id, t.id, t.campaign_id, i.device_type, i.os_version, i.battery_impact,
        i.fingerprint, i.detected_at, i.score, i.snr_db, i.speed, i.tempo, i.ab_test_id, i.ab_variant_id,
        i.audience_segment
      from input i
      join sound_triggers t on t.id = i.trigger_id
        and t.status = 'active' and (t.expires_at is null or t.expires_at > now())
      on conflict (activation_id) do nothing
      returning activation_id, trigger_id, activated_at
    ),
    counted as (
      update sound_triggers t set activation_count = t.activation_count + c.n
      from (select trigger_id, count(*)::int as n from ins group by trigger_id) c
      where t.id = c.trigger_id
    )
    select ins.activation_id, ins.trigger_id, ins.activated_at, t.name, t.creator_id, t.team_id
    from ins join sound_triggers t on t.id = ins.trigger_id`;
}
