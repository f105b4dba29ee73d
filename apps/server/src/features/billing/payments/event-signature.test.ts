import { describe, expect, it } from 'vitest';
import { signatureHeader, signPayload, verifySignature } from './event-signature.ts';

// Fixture computed independently (node -e crypto.createHmac): HMAC-SHA256("whsec_test_secret", "1700000000.{\"id\":\"evt_1\"}").
const SECRET = 'whsec_test_secret';
const BODY = '{"id":"evt_1"}';
const T = 1_700_000_000;

describe('Stripe-Signature verification', () => {
  it('signs t.body with HMAC-SHA256 as Stripe does', () => {
    expect(signPayload(SECRET, BODY, T)).toBe(
      '248a374f50f943a28b0f6ab50faf9a7e7e29b710fa26df9fb1618b9bf8ea9c9a',
    );
  });

  it('accepts a matching v1 among several and refuses tampering, age and malformed headers', () => {
    const good = signatureHeader(SECRET, BODY, T);
    expect(verifySignature(SECRET, BODY, good, T)).toEqual({ ok: true });
    expect(verifySignature(SECRET, BODY, `t=${T},v1=deadbeef,v1=${signPayload(SECRET, BODY, T)}`, T).ok).toBe(
      true,
    );
    expect(verifySignature(SECRET, `${BODY} `, good, T).ok).toBe(false);
    expect(verifySignature('whsec_other', BODY, good, T).ok).toBe(false);
    expect(verifySignature(SECRET, BODY, good, T + 301).ok).toBe(false);
    expect(verifySignature(SECRET, BODY, undefined, T).ok).toBe(false);
    expect(verifySignature(SECRET, BODY, 'v1=abc', T).ok).toBe(false);
  });
});
