import { WebhookVerificationError } from './errors.js';
import type { WebhookEvent } from './types.js';

export interface VerifyWebhookOptions {
  /** How far webhook-timestamp may be from now, in seconds (Standard Webhooks: 5 minutes). */
  toleranceSeconds?: number;
  /** Now, in ms (tests). */
  now?: number;
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string {
  const value =
    headers instanceof Headers ? headers.get(name) : (headers[name] ?? headers[name.toLowerCase()]);
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) throw new WebhookVerificationError(`Missing ${name} header`);
  return text;
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/**
 * Checks a Tonemark webhook (Standard Webhooks) and returns its event. Pass the raw body exactly
 * as received: re-serialised JSON does not match the signature. Throws WebhookVerificationError.
 * Works in Node 18+, browsers, Deno and workers (Web Crypto).
 */
export async function verifyWebhook(
  secret: string,
  rawBody: string | Uint8Array,
  headers: HeaderBag,
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!/^[0-9]+$/.test(timestamp)) throw new WebhookVerificationError('Invalid webhook-timestamp');
  const now = (options.now ?? Date.now()) / 1000;
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300)) {
    throw new WebhookVerificationError('Timestamp too far from now (replayed or delayed)');
  }
  let key: Uint8Array<ArrayBuffer>;
  try {
    key = fromBase64(secret.replace(/^whsec_/, ''));
  } catch {
    throw new WebhookVerificationError('The secret is not whsec_ and base64');
  }
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  const cryptoKey = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const expected = new Uint8Array(
    await crypto.subtle.sign('HMAC', cryptoKey, new TextEncoder().encode(`${id}.${timestamp}.${body}`)),
  );
  const matches = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || !signature) return false;
    try {
      return sameBytes(fromBase64(signature), expected);
    } catch {
      return false;
    }
  });
  if (!matches) throw new WebhookVerificationError('No matching signature');
  try {
    return JSON.parse(body) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError('The body is not JSON');
  }
}
