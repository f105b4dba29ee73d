import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from '../../net/address-policy.ts';

/** Why a webhook URL may not be called; the message is safe to show to its owner. */
export class WebhookTargetError extends Error {
  /** A later attempt may work (DNS can recover; a refused address stays refused). */
  constructor(
    message: string,
    readonly retryable = false,
  ) {
    super(message);
  }
}

export interface ResolvedTarget {
  address: string;
  family: number;
}

/**
 * DESIGN §5: server-side calls to user URLs reach public addresses only (unless the operator
 * allows private ones). The host is resolved once and every answer checked; the caller then
 * connects to the returned address, so a DNS answer that changes afterwards cannot redirect it.
 */
export async function resolveWebhookTarget(url: URL, allowPrivate: boolean): Promise<ResolvedTarget> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new WebhookTargetError('Must be an http or https URL');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const allowed = (address: string) => allowPrivate || isPublicAddress(address);
  const refused = () =>
    new WebhookTargetError('Points to a private or local network address, which is not allowed');
  const literal = isIP(host);
  if (literal !== 0) {
    if (!allowed(host)) throw refused();
    return { address: host, family: literal };
  }
  let answers: ResolvedTarget[];
  try {
    answers = await dnsLookup(host, { all: true, verbatim: true });
  } catch {
    throw new WebhookTargetError(`The host ${host} could not be resolved`, true);
  }
  const first = answers[0];
  if (!first || !answers.every((answer) => allowed(answer.address))) throw refused();
  return first;
}
