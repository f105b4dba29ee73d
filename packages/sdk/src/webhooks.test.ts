import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { WebhookVerificationError } from './errors.js';
import { verifyWebhook } from './webhooks.js';

// Signed by the same library the server signs with, verified by the SDK's own Web Crypto code.
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const body = JSON.stringify({
  type: 'trigger.created',
  timestamp: '2026-11-21T18:04:11.530Z',
  data: { id: 42 },
});

function signed(at = new Date()) {
  const id = 'msg_5e0c3a9b2f7d4c1e8a6b0d9f2e4c7a13';
  const signature = new Webhook(secret).sign(id, at, body);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}

describe('verifyWebhook', () => {
  it('accepts a Standard Webhooks signature and returns the event', async () => {
    const event = await verifyWebhook(secret, body, signed());
    expect(event).toMatchObject({ type: 'trigger.created', data: { id: 42 } });
    expect(await verifyWebhook(secret, new TextEncoder().encode(body), new Headers(signed()))).toEqual(event);
  });

  it('accepts any matching entry of a rotated signature list', async () => {
    const headers = signed();
    headers['webhook-signature'] = `v1,AAAA ${headers['webhook-signature']}`;
    await expect(verifyWebhook(secret, body, headers)).resolves.toBeTruthy();
  });

  it('refuses a changed body, another secret, an old timestamp and missing headers', async () => {
    const refused = (promise: Promise<unknown>) =>
      expect(promise).rejects.toBeInstanceOf(WebhookVerificationError);
    await refused(verifyWebhook(secret, body.replace('42', '43'), signed()));
    await refused(verifyWebhook('whsec_dGhpcyBpcyBhbm90aGVyIHNlY3JldCBrZXk=', body, signed()));
    await refused(verifyWebhook(secret, body, signed(new Date(Date.now() - 10 * 60_000))));
    const { 'webhook-signature': _, ...unsigned } = signed();
    await refused(verifyWebhook(secret, body, unsigned));
    await refused(verifyWebhook(secret, body, { ...signed(), 'webhook-timestamp': 'soon' }));
  });
});
