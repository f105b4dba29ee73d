import { randomUUID } from 'node:crypto';
import type { DetectionResult, RefusalReason } from '@tonemark/shared';
import { RETRYABLE_REFUSALS } from '@tonemark/shared';
import WebSocket from 'ws';

export type Transport = 'http' | 'ws';

export interface LoadPlan {
  baseUrl: string;
  transport: Transport;
  listeners: number;
  /** Detections per listener per second. */
  rate: number;
  seconds: number;
  publicTriggerIds: string[];
  /** Longest wait for the last answers after the sending window. */
  drainMs: number;
}

export interface LoadResult {
  sent: number;
  accepted: number;
  refused: Partial<Record<RefusalReason, number>>;
  /** Answers that asked the client to come back (429/503, overloaded, rate-limited): retried. */
  retries: number;
  /** Detections that never got any answer at all: the silent losses this benchmark exists to catch. */
  unanswered: number;
  /** Detections still being retried when the drain ended: each had an explicit busy answer. */
  stillRetrying: number;
  /** Per attempt: from sending to the answer (acknowledgement or refusal). */
  ackMs: number[];
  windowMs: number;
}

interface Detection {
  activationId: string;
  publicTriggerId: string;
  detectedAt: string;
  deviceId: string;
  deviceType: 'Web Listener';
  osVersion: string;
}

const BACKOFF = { firstMs: 500, maxMs: 10_000 };
const ATTEMPT_TIMEOUT_MS = 15_000;

/**
 * N listeners, each detecting one of the triggers in rotation `rate` times a second, over HTTP
 * (POST /api/listener/detections, one detection a request) or /ws (one socket a listener,
 * DETECT_TRIGGER answered by DETECTION_RESULT). Every detection is followed until it gets a final
 * answer; a busy answer is retried with backoff, as the listener page does.
 */
export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const result: LoadResult = {
    sent: 0,
    accepted: 0,
    refused: {},
    retries: 0,
    unanswered: 0,
    stillRetrying: 0,
    ackMs: [],
    windowMs: 0,
  };
  const open = new Set<string>();
  const heardBack = new Set<string>();
  const sockets: WebSocket[] = [];
  const waiting = new Map<string, (r: DetectionResult) => void>();

  const settle = (d: Detection, answer: DetectionResult): 'done' | number => {
    heardBack.add(d.activationId);
    if (!open.has(d.activationId)) return 'done';
    if (answer.status === 'accepted') {
      result.accepted += 1;
      open.delete(d.activationId);
      return 'done';
    }
    if (RETRYABLE_REFUSALS.includes(answer.reason)) return answer.retryAfterMs ?? BACKOFF.firstMs;
    result.refused[answer.reason] = (result.refused[answer.reason] ?? 0) + 1;
    open.delete(d.activationId);
    return 'done';
  };

  const attemptHttp = async (d: Detection): Promise<'done' | number> => {
    if (!open.has(d.activationId)) return 'done';
    const started = performance.now();
    let response: Response;
    try {
      response = await fetch(`${plan.baseUrl}/api/listener/detections`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ detections: [d] }),
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
    } catch {
      return BACKOFF.firstMs;
    }
    result.ackMs.push(performance.now() - started);
    if (response.status === 429 || response.status === 503) {
      heardBack.add(d.activationId);
      await response.arrayBuffer();
      return Number(response.headers.get('retry-after') ?? '1') * 1000;
    }
    if (!response.ok) {
      // A 4xx/5xx the protocol does not define: counted as a final refusal by that status.
      await response.arrayBuffer();
      result.refused['unknown-trigger'] = (result.refused['unknown-trigger'] ?? 0) + 1;
      open.delete(d.activationId);
      return 'done';
    }
    const body = (await response.json()) as { results: DetectionResult[] };
    const answer = body.results[0];
    return answer ? settle(d, answer) : BACKOFF.firstMs;
  };

  const attemptWs = (socket: WebSocket, d: Detection): Promise<'done' | number> =>
    new Promise((resolve) => {
      // A late answer may have closed it while the client waited to resend.
      if (!open.has(d.activationId)) return resolve('done');
      const started = performance.now();
      const timer = setTimeout(() => {
        waiting.delete(d.activationId);
        resolve(BACKOFF.firstMs);
      }, ATTEMPT_TIMEOUT_MS);
      waiting.set(d.activationId, (answer) => {
        clearTimeout(timer);
        result.ackMs.push(performance.now() - started);
        resolve(settle(d, answer));
      });
      socket.send(JSON.stringify({ type: 'DETECT_TRIGGER', ...d, batteryImpact: 2 }));
    });

  const follow = async (attempt: () => Promise<'done' | number>) => {
    let backoff = BACKOFF.firstMs;
    for (;;) {
      const outcome = await attempt();
      if (outcome === 'done') return;
      result.retries += 1;
      const wait = Math.max(outcome, backoff) * (0.8 + Math.random() * 0.4);
      backoff = Math.min(BACKOFF.maxMs, backoff * 2);
      await new Promise((r) => setTimeout(r, wait));
    }
  };

  if (plan.transport === 'ws') {
    const wsUrl = plan.baseUrl.replace(/^http/, 'ws');
    for (let i = 0; i < plan.listeners; i++) {
      const socket = new WebSocket(`${wsUrl}/ws`);
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as { type: string; result?: DetectionResult };
        if (message.type !== 'DETECTION_RESULT' || !message.result) return;
        const done = waiting.get(message.result.activationId);
        if (done) {
          waiting.delete(message.result.activationId);
          done(message.result);
          return;
        }
        // The answer to an attempt the client had given up waiting for (its resend is on the way):
        // late, but an answer, and an acceptance ends the detection like any other.
        const late = message.result;
        heardBack.add(late.activationId);
        if (late.status === 'accepted' && open.delete(late.activationId)) result.accepted += 1;
      });
      socket.on('error', () => {});
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
    }
  }

  const inFlight: Promise<void>[] = [];
  const startedAt = Date.now();
  const end = startedAt + plan.seconds * 1000;
  const intervalMs = 1000 / plan.rate;
  await Promise.all(
    Array.from({ length: plan.listeners }, async (_, listener) => {
      const deviceId = `bench-${listener}-${randomUUID().slice(0, 8)}`;
      // Spread the listeners over the first interval so the load is smooth, not a thundering herd.
      let next = startedAt + (listener / plan.listeners) * intervalMs;
      let tick = listener;
      while (next < end) {
        await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
        const d: Detection = {
          activationId: randomUUID(),
          publicTriggerId: plan.publicTriggerIds[tick % plan.publicTriggerIds.length] as string,
          // When the device heard it: the schedule, not when a starved client got round to sending.
          detectedAt: new Date(next).toISOString(),
          deviceId,
          deviceType: 'Web Listener',
          osVersion: 'bench',
        };
        tick += 1;
        result.sent += 1;
        open.add(d.activationId);
        const socket = sockets[listener];
        inFlight.push(
          follow(socket ? () => attemptWs(socket, d) : () => attemptHttp(d)).catch(() => undefined),
        );
        next += intervalMs;
      }
    }),
  );
  result.windowMs = Date.now() - startedAt;
  await Promise.race([Promise.all(inFlight), new Promise((r) => setTimeout(r, plan.drainMs))]);
  for (const id of open) {
    if (heardBack.has(id)) result.stillRetrying += 1;
    else result.unanswered += 1;
  }
  for (const socket of sockets) socket.terminate();
  return result;
}
