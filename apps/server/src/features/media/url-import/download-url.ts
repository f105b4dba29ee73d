import { lookup as dnsLookup } from 'node:dns/promises';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ErrorCode, isYouTubeUrl, MEDIA_MESSAGES } from '@tonemark/shared';
import { isPublicAddress } from '../../../net/address-policy.ts';
import { AppError } from '../../../plugins/app-error.ts';

export const MAX_REDIRECTS = 5;

export interface DownloadPolicy {
  /** ALLOW_PRIVATE_MEDIA_URLS: skip the address check (local development and tests). */
  allowPrivate: boolean;
  maxBytes: number;
  /** For the whole download, every redirect included. */
  timeoutMs: number;
  /** Replaces the public-address rule (tests use it to allow one loopback port only). */
  isAllowedAddress?: (address: string, port: number) => boolean;
}

export interface DownloadedFile {
  finalUrl: string;
  size: number;
  contentType: string | undefined;
}

const refused = (message: string, code: ErrorCode = 'MEDIA_URL_REFUSED') => new AppError(code, message);
const forbiddenAddress = () =>
  refused(
    'The media URL points to a private or local network address, which is not allowed',
    'MEDIA_URL_FORBIDDEN',
  );
const tooLarge = (maxBytes: number) =>
  new AppError(
    'FILE_TOO_LARGE',
    maxBytes === 100 * 1024 * 1024
      ? MEDIA_MESSAGES.fileTooLarge
      : `The file is too large: the limit is ${Math.round(maxBytes / (1024 * 1024))} MB`,
  );

function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

function checkUrl(url: URL) {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused(MEDIA_MESSAGES.invalidMediaUrl);
  if (isYouTubeUrl(url.href)) throw refused(MEDIA_MESSAGES.youtubeUnsupported, 'YOUTUBE_UNSUPPORTED');
}

/**
 * Resolves the host once and checks every address it has; the request then connects to the
 * checked address (pinned through `lookup`), so a DNS answer that changes between the check and
 * the connection (rebinding) cannot reach a private address.
 */
async function resolveAllowed(
  url: URL,
  policy: DownloadPolicy,
): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const allowed = (address: string) =>
    policy.isAllowedAddress
      ? policy.isAllowedAddress(address, portOf(url))
      : policy.allowPrivate || isPublicAddress(address);
  const literal = isIP(host);
  if (literal !== 0) {
    if (!allowed(host)) throw forbiddenAddress();
    return { address: host, family: literal };
  }
  let answers: { address: string; family: number }[];
  try {
    answers = await dnsLookup(host, { all: true, verbatim: true });
  } catch {
    throw refused(`Could not download the media URL: the host ${host} was not found`, 'MEDIA_URL_FAILED');
  }
  if (answers.length === 0 || !answers.every((a) => allowed(a.address))) throw forbiddenAddress();
  const first = answers[0];
  if (!first) throw forbiddenAddress();
  return first;
}

function requestOnce(url: URL, pinned: { address: string; family: number }, signal: AbortSignal) {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup,
        signal,
        headers: { 'user-agent': 'Tonemark media import', accept: 'audio/*, video/*, */*;q=0.5' },
      },
      resolve,
    );
    request.once('error', reject);
  });
}

/** Counts bytes as they pass and fails the pipeline as soon as the cap is crossed. */
class ByteLimiter extends Transform {
  seen = 0;
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    callback: (error?: Error | null, data?: Buffer) => void,
  ) {
    this.seen += chunk.length;
    if (this.seen > this.maxBytes) callback(tooLarge(this.maxBytes));
    else callback(null, chunk);
  }
}

/**
 * Downloads a user's media URL to `destination` (DESIGN §5): http(s) only, no YouTube pages,
 * public addresses only unless allowed, every redirect re-checked (at most 5), size and time
 * capped. On any failure the partial file is removed and a 4xx AppError explains why.
 */
export async function downloadUrl(
  rawUrl: string,
  destination: string,
  policy: DownloadPolicy,
): Promise<DownloadedFile> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), policy.timeoutMs);
  let current: URL;
  try {
    current = new URL(rawUrl);
  } catch {
    clearTimeout(timer);
    throw refused(MEDIA_MESSAGES.invalidMediaUrl);
  }
  try {
    for (let hop = 0; ; hop++) {
      checkUrl(current);
      const pinned = await resolveAllowed(current, policy);
      const response = await requestOnce(current, pinned, controller.signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (hop >= MAX_REDIRECTS) throw refused(`The media URL redirected more than ${MAX_REDIRECTS} times`);
        current = new URL(response.headers.location, current);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw refused(`Could not download the media URL: the server answered ${status}`, 'MEDIA_URL_FAILED');
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > policy.maxBytes) {
        response.destroy();
        throw tooLarge(policy.maxBytes);
      }
      const limiter = new ByteLimiter(policy.maxBytes);
      await pipeline(response, limiter, createWriteStream(destination));
      return { finalUrl: current.href, size: limiter.seen, contentType: response.headers['content-type'] };
    }
  } catch (error) {
    await rm(destination, { force: true });
    if (error instanceof AppError) throw error;
    if (controller.signal.aborted) {
      throw refused(
        `Could not download the media URL: it took longer than ${Math.round(policy.timeoutMs / 1000)} s`,
        'MEDIA_URL_TIMEOUT',
      );
    }
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'connection failed';
    throw refused(`Could not download the media URL (${reason})`, 'MEDIA_URL_FAILED');
  } finally {
    clearTimeout(timer);
  }
}
