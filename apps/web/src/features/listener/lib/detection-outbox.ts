import type { DetectionInput, DetectionResult } from '@tonemark/shared';

// The protocol's contracts and limits bring zod: they load when there is something to check or
// send, not with the page (docs/decisions/listener-entry.md).
const loadContracts = () => import('../api/listener-contracts');

/** Where the queue lives between page loads (localStorage in the browser, a Map in tests). */
export interface OutboxStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** What one send produced: answers per detection, or the whole request failed. */
export type SendOutcome =
  | { kind: 'answered'; results: DetectionResult[] }
  /** The server said it is busy (429/503) or the network failed; retryAfterMs when it said when. */
  | { kind: 'retry'; retryAfterMs?: number };

export interface OutboxOptions {
  storage: OutboxStorage;
  send: (detections: DetectionInput[]) => Promise<SendOutcome>;
  onResult: (result: DetectionResult) => void;
  /** queued: detections waiting; unreachable: the last send got no answer from the server. */
  onChange?: (queued: number, unreachable: boolean) => void;
  schedule?: (fn: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
  key?: string;
}

const BACKOFF = { firstMs: 1000, maxMs: 30_000 } as const;
// A device that stays offline for weeks keeps at most this many (the oldest go first).
const MAX_QUEUED = 500;

/**
 * Detections waiting to be delivered. Each is kept on the device until the server answers it
 * (an acknowledgement or a final refusal), so a lost network or a closed tab loses nothing; a
 * busy server or a failed request is retried with exponential backoff, honouring Retry-After.
 * Sending the same detection twice is safe: the server keys it by its activation id.
 */
export class DetectionOutbox {
  private queue: DetectionInput[];
  private sending = false;
  private timer: unknown;
  private failures = 0;
  private unreachable = false;
  private readonly key: string;
  /** Settles once what a previous page stored has been checked against the contract. */
  readonly ready: Promise<void>;
  private unchecked: unknown[] = [];

  constructor(private readonly opts: OutboxOptions) {
    this.key = opts.key ?? 'tonemark.listener.outbox';
    const stored = this.load();
    this.queue = [];
    this.ready = stored.length === 0 ? Promise.resolve() : this.restore(stored);
  }

  get size(): number {
    return this.queue.length;
  }

  add(detection: DetectionInput): void {
    this.queue.push(detection);
    if (this.queue.length > MAX_QUEUED) this.queue.splice(0, this.queue.length - MAX_QUEUED);
    this.save();
    void this.flush();
  }

  /** Sends now (the network came back, or the page opened); a scheduled retry is brought forward. */
  async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    let retryIn: number | undefined;
    try {
      await this.ready;
      if (this.queue.length === 0) return;
      this.clearTimer();
      const contracts = await loadContracts().catch(() => null);
      if (!contracts) retryIn = this.backoff();
      while (contracts && this.queue.length > 0) {
        const { MAX_DETECTIONS_PER_REQUEST, RETRYABLE_REFUSALS } = contracts;
        const batch = this.queue.slice(0, MAX_DETECTIONS_PER_REQUEST);
        const outcome = await this.opts.send(batch).catch((): SendOutcome => ({ kind: 'retry' }));
        if (outcome.kind === 'retry') {
          // No Retry-After: the request never reached a server that could answer.
          this.unreachable = outcome.retryAfterMs === undefined;
          this.opts.onChange?.(this.queue.length, this.unreachable);
          retryIn = this.backoff(outcome.retryAfterMs);
          break;
        }
        this.failures = 0;
        this.unreachable = false;
        let laterMs: number | undefined;
        const answered = new Set<string>();
        for (const result of outcome.results) {
          const retryable = result.status === 'refused' && RETRYABLE_REFUSALS.includes(result.reason);
          if (retryable) {
            laterMs = Math.max(laterMs ?? 0, result.retryAfterMs ?? BACKOFF.firstMs);
            continue;
          }
          answered.add(result.activationId);
          this.opts.onResult(result);
        }
        // Unanswered ones (none should be) stay queued like the retryable ones.
        this.queue = this.queue.filter((d) => !answered.has(d.activationId));
        this.save();
        if (laterMs !== undefined) {
          retryIn = this.backoff(laterMs);
          break;
        }
        if (answered.size === 0) {
          retryIn = this.backoff();
          break;
        }
      }
    } finally {
      this.sending = false;
    }
    if (retryIn !== undefined && this.queue.length > 0) this.retryIn(retryIn);
  }

  stop(): void {
    this.clearTimer();
  }

  /** The next wait: doubling from 1 s to 30 s, never shorter than the server asked for. */
  private backoff(serverMs?: number): number {
    const exponential = Math.min(BACKOFF.maxMs, BACKOFF.firstMs * 2 ** this.failures);
    this.failures += 1;
    return Math.max(exponential, serverMs ?? 0);
  }

  private retryIn(ms: number) {
    const schedule = this.opts.schedule ?? ((fn: () => void, wait: number) => setTimeout(fn, wait));
    this.timer = schedule(() => {
      this.timer = undefined;
      void this.flush();
    }, ms);
  }

  private clearTimer() {
    if (this.timer === undefined) return;
    const cancel = this.opts.cancel ?? ((handle: unknown) => clearTimeout(handle as number));
    cancel(this.timer);
    this.timer = undefined;
  }

  private load(): unknown[] {
    try {
      const parsed: unknown = JSON.parse(this.opts.storage.getItem(this.key) ?? '[]');
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }

  /**
   * Stored by an older version of the page, or edited by hand: keep only what the server takes.
   * The contract (and zod) load here, after the page shows (docs/decisions/listener-entry.md).
   */
  private async restore(stored: unknown[]): Promise<void> {
    let valid: DetectionInput[] = [];
    try {
      const { detectionSchema } = await loadContracts();
      valid = stored.flatMap((item) => {
        const checked = detectionSchema.safeParse(item);
        return checked.success ? [checked.data] : [];
      });
    } catch {
      // The check cannot load (offline before it was cached): the stored queue stays stored for
      // the next page, whatever this one adds.
      this.unchecked = stored;
      return;
    }
    // Detections added meanwhile come after the older ones.
    this.queue = [...valid, ...this.queue].slice(-MAX_QUEUED);
    this.save();
  }

  private save() {
    try {
      this.opts.storage.setItem(this.key, JSON.stringify([...this.unchecked, ...this.queue]));
    } catch {
      // Storage full or blocked (private mode): the queue still lives in memory.
    }
    this.opts.onChange?.(this.queue.length, this.unreachable);
  }
}
