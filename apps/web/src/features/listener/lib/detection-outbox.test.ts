import type { DetectionInput, DetectionResult } from '@tonemark/shared';
import { describe, expect, it, vi } from 'vitest';
import { DetectionOutbox, type SendOutcome } from './detection-outbox';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

let n = 0;
function detection(): DetectionInput {
  n += 1;
  return {
    activationId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    publicTriggerId: `tml_${'a'.repeat(32)}`,
    detectedAt: new Date(1_700_000_000_000 + n).toISOString(),
    deviceId: 'device-test',
    deviceType: 'Web Listener',
    osVersion: 'Web',
  };
}

const accepted = (d: DetectionInput): DetectionResult => ({
  activationId: d.activationId,
  status: 'accepted',
  duplicate: false,
  publicTriggerId: d.publicTriggerId,
  action: { name: 'X', type: 'CUSTOM', action: 'CUSTOM_ACTION', actionData: 'x' },
});

function harness(answers: ((batch: DetectionInput[]) => SendOutcome)[]) {
  const storage = memoryStorage();
  const timers: { fn: () => void; ms: number }[] = [];
  const results: DetectionResult[] = [];
  const sent: DetectionInput[][] = [];
  const outbox = new DetectionOutbox({
    storage,
    send: async (batch) => {
      sent.push(batch);
      const answer = answers.shift();
      return answer ? answer(batch) : { kind: 'answered', results: batch.map(accepted) };
    },
    onResult: (r) => results.push(r),
    schedule: (fn, ms) => timers.push({ fn, ms }),
    cancel: () => {},
  });
  return { outbox, storage, timers, results, sent };
}

describe('DetectionOutbox', () => {
  it('keeps detections across a network failure and backs off, doubling', async () => {
    const h = harness([() => ({ kind: 'retry' }), () => ({ kind: 'retry' })]);
    const d = detection();
    h.outbox.add(d);
    // The first send waits for the protocol's contracts, which load on first use.
    await vi.waitFor(() => expect(h.timers.map((t) => t.ms)).toEqual([1000]));
    expect(h.outbox.size).toBe(1);
    await h.timers[0]?.fn();
    await vi.waitFor(() => expect(h.timers.map((t) => t.ms)).toEqual([1000, 2000]));
    // A new page load finds the queue in storage.
    const reloaded = new DetectionOutbox({
      storage: h.storage,
      send: async (batch) => ({ kind: 'answered', results: batch.map(accepted) }),
      onResult: (r) => h.results.push(r),
    });
    await reloaded.ready;
    expect(reloaded.size).toBe(1);
    await reloaded.flush();
    expect(reloaded.size).toBe(0);
    expect(h.results.map((r) => r.activationId)).toEqual([d.activationId]);
  });

  it("honours the server's Retry-After and keeps retryable refusals, drops answered ones", async () => {
    const h = harness([
      () => ({ kind: 'retry', retryAfterMs: 5000 }),
      (batch) => ({
        kind: 'answered',
        results: [
          accepted(batch[0] as DetectionInput),
          {
            activationId: (batch[1] as DetectionInput).activationId,
            status: 'refused',
            reason: 'overloaded',
            message: 'busy',
            retryAfterMs: 3000,
          },
          {
            activationId: (batch[2] as DetectionInput).activationId,
            status: 'refused',
            reason: 'too-soon',
            message: 'gap',
          },
        ],
      }),
    ]);
    const items = [detection(), detection(), detection()];
    for (const d of items) h.outbox.add(d);
    await vi.waitFor(() => expect(h.timers.at(-1)?.ms).toBe(5000));
    await h.outbox.flush();
    // The accepted and the final refusal are answered; the overloaded one waits for its retry.
    expect(h.results.map((r) => r.status)).toEqual(['accepted', 'refused']);
    expect(h.outbox.size).toBe(1);
    expect(h.timers.at(-1)?.ms).toBeGreaterThanOrEqual(3000);
    await h.outbox.flush();
    expect(h.outbox.size).toBe(0);
    expect(h.results.map((r) => r.activationId)).toEqual([
      items[0]?.activationId,
      items[2]?.activationId,
      items[1]?.activationId,
    ]);
  });

  it('ignores what it cannot read in storage, and keeps what is added meanwhile', async () => {
    const storage = memoryStorage();
    storage.setItem('tonemark.listener.outbox', JSON.stringify([{ nope: 1 }, detection()]));
    const outbox = new DetectionOutbox({
      storage,
      send: async () => ({ kind: 'retry' }),
      onResult: () => {},
    });
    const added = detection();
    outbox.add(added);
    await outbox.ready;
    expect(outbox.size).toBe(2);
    const kept: unknown = JSON.parse(storage.getItem('tonemark.listener.outbox') ?? '[]');
    expect(Array.isArray(kept) && kept.length).toBe(2);
    expect(Array.isArray(kept) && kept[1]).toEqual(added);
  });
});
