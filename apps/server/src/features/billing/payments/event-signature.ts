import { createHmac, timingSafeEqual } from 'node:crypto';

// Stripe's webhook signature scheme (Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "t.body">). The sandbox signs its events the same way so both providers share one verified path.

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signPayload(secret: string, payload: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

export function signatureHeader(secret: string, payload: string, timestamp = Math.floor(Date.now() / 1000)) {
  return `t=${timestamp},v1=${signPayload(secret, payload, timestamp)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/** Checks a Stripe-Signature header against the raw body; any listed v1 signature may match. */
export function verifySignature(
  secret: string,
  payload: string,
  header: string | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!header) return { ok: false, reason: 'Missing Stripe-Signature header' };
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((s) => s.trim());
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) {
    return { ok: false, reason: 'Malformed Stripe-Signature header' };
  }
  // Old deliveries are refused so a captured request cannot be replayed later.
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) {
    return { ok: false, reason: 'Signature timestamp is outside the tolerance window' };
  }
  const expected = Buffer.from(signPayload(secret, payload, timestamp), 'hex');
  const match = signatures.some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return match ? { ok: true } : { ok: false, reason: 'No signature matches the payload' };
}
