import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MEDIA_MESSAGES } from '@tonemark/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../plugins/app-error.ts';
import { type DownloadPolicy, downloadUrl } from './download-url.ts';

// Only 127.0.0.1 is ever contacted: two local servers on different ports stand in for a
// public host and a private one.
describe('downloadUrl', () => {
  let dir: string;
  let publicServer: Server;
  let privateServer: Server;
  let publicBase: string;
  let privateBase: string;
  const body = Buffer.alloc(10_000, 7);

  function listen(server: Server): Promise<string> {
    return new Promise((resolve) =>
      server.listen(0, '127.0.0.1', () =>
        resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
      ),
    );
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tonemark-fetch-'));
    privateServer = createServer((_req, res) => res.end('secret'));
    privateBase = await listen(privateServer);
    publicServer = createServer((req, res) => {
      const url = req.url ?? '/';
      if (url === '/file.bin') return res.end(body);
      if (url.startsWith('/hop/')) {
        const n = Number(url.slice(5));
        res.writeHead(302, { location: n > 0 ? `/hop/${n - 1}` : '/file.bin' });
        return res.end();
      }
      if (url === '/to-private') {
        res.writeHead(302, { location: `${privateBase}/` });
        return res.end();
      }
      if (url === '/big-declared') {
        res.writeHead(200, { 'content-length': String(5_000_000) });
        return res.end();
      }
      if (url === '/big-chunked') {
        res.writeHead(200);
        const chunk = Buffer.alloc(64 * 1024);
        let sent = 0;
        const push = () => {
          while (sent < 2_000_000) {
            sent += chunk.length;
            if (!res.write(chunk)) return res.once('drain', push);
          }
          res.end();
        };
        return push();
      }
      if (url === '/slow') return setTimeout(() => res.end('late'), 2000);
      res.writeHead(404);
      res.end();
    });
    publicBase = await listen(publicServer);
  });
  afterAll(async () => {
    publicServer.closeAllConnections();
    privateServer.closeAllConnections();
    await new Promise((r) => publicServer.close(r));
    await new Promise((r) => privateServer.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  const publicPort = () => Number(new URL(publicBase).port);
  /** The "public internet" is the first server's port on loopback. */
  const policy = (extra: Partial<DownloadPolicy> = {}): DownloadPolicy => ({
    allowPrivate: false,
    maxBytes: 1_000_000,
    timeoutMs: 5000,
    isAllowedAddress: (address, port) => address === '127.0.0.1' && port === publicPort(),
    ...extra,
  });
  let n = 0;
  const target = () => path.join(dir, `out-${++n}`);

  async function refusal(promise: Promise<unknown>): Promise<AppError> {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }

  it('downloads a file, following up to 5 redirects', async () => {
    const out = target();
    const result = await downloadUrl(`${publicBase}/hop/4`, out, policy());
    expect(result.size).toBe(body.length);
    expect(result.finalUrl).toBe(`${publicBase}/file.bin`);
    expect(readFileSync(out).equals(body)).toBe(true);
  });

  it('stops after 5 redirects', async () => {
    const error = await refusal(downloadUrl(`${publicBase}/hop/5`, target(), policy()));
    expect(error.message).toBe('The media URL redirected more than 5 times');
  });

  it('re-checks every redirect: a hop to a private address is refused', async () => {
    const error = await refusal(downloadUrl(`${publicBase}/to-private`, target(), policy()));
    expect(error).toMatchObject({ statusCode: 400, code: 'MEDIA_URL_FORBIDDEN' });
  });

  it('refuses loopback by literal and by name under the default public-only rule', async () => {
    for (const url of [
      `${publicBase}/file.bin`,
      `http://localhost:${publicPort()}/file.bin`,
      'http://[::1]:9/x',
    ]) {
      const error = await refusal(
        downloadUrl(url, target(), { allowPrivate: false, maxBytes: 1000, timeoutMs: 2000 }),
      );
      expect(error.code).toBe('MEDIA_URL_FORBIDDEN');
    }
  });

  it('caps the size, declared or streamed, with 413', async () => {
    for (const url of [`${publicBase}/big-declared`, `${publicBase}/big-chunked`]) {
      const out = target();
      const error = await refusal(downloadUrl(url, out, policy()));
      expect(error.statusCode).toBe(413);
      expect(() => readFileSync(out)).toThrow();
    }
  });

  it('caps the time', async () => {
    const error = await refusal(downloadUrl(`${publicBase}/slow`, target(), policy({ timeoutMs: 300 })));
    expect(error.code).toBe('MEDIA_URL_TIMEOUT');
  });

  it('refuses YouTube pages, other schemes and error answers without connecting', async () => {
    const youtube = await refusal(downloadUrl('https://www.youtube.com/watch?v=abc', target(), policy()));
    expect(youtube.message).toBe(MEDIA_MESSAGES.youtubeUnsupported);
    expect((await refusal(downloadUrl('https://youtu.be/abc', target(), policy()))).code).toBe(
      'YOUTUBE_UNSUPPORTED',
    );
    expect((await refusal(downloadUrl('file:///etc/passwd', target(), policy()))).message).toBe(
      MEDIA_MESSAGES.invalidMediaUrl,
    );
    expect((await refusal(downloadUrl(`${publicBase}/missing`, target(), policy()))).message).toMatch(
      /answered 404/,
    );
  });
});
