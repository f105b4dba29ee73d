import type { DetectionInput } from '@tonemark/shared';
import type { SendOutcome } from '../lib/detection-outbox';

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * POST /api/listener/detections. A network failure, 429 or 5xx means "try again" (with the
 * server's Retry-After when it gave one); a 200 carries one answer per detection.
 */
export async function sendDetections(detections: DetectionInput[]): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetch('/api/listener/detections', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'include',
      body: JSON.stringify({ detections }),
    });
  } catch {
    return { kind: 'retry' };
  }
  if (!response.ok) {
    if (response.status === 400) {
      // A detection the server cannot read will never be accepted; the outbox drops it as refused.
      console.error('[listener] detections refused as malformed', await response.text());
      return {
        kind: 'answered',
        results: detections.map((d) => ({
          activationId: d.activationId,
          status: 'refused',
          reason: 'unknown-trigger',
          message: 'The server could not read this detection.',
        })),
      };
    }
    return { kind: 'retry', retryAfterMs: retryAfterMs(response.headers.get('retry-after')) };
  }
  // The contract (and zod) load with the first answer, not with the page; a chunk that cannot load is a retry.
  const schemas = await import('./listener-contracts').catch(() => null);
  if (!schemas) return { kind: 'retry' };
  const parsed = schemas.detectionBatchResultSchema.safeParse(await response.json().catch(() => null));
  return parsed.success ? { kind: 'answered', results: parsed.data.results } : { kind: 'retry' };
}
