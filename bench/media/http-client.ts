import http from 'node:http';
import type { Readable } from 'node:stream';

export interface HttpAnswer {
  status: number;
  body: string;
  setCookie: string[];
}

/** One request to the bench server over real HTTP (back-pressure included, unlike inject). */
export function request(
  base: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; json?: unknown; stream?: Readable } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    let payload: string | undefined;
    if (options.json !== undefined) {
      payload = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    }
    const req = http.request(new URL(path, base), { method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => {
        const cookie = res.headers['set-cookie'] ?? [];
        resolve({ status: res.statusCode ?? 0, body, setCookie: cookie });
      });
    });
    req.on('error', reject);
    if (options.stream) options.stream.pipe(req);
    else req.end(payload);
  });
}
