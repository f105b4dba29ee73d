import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

export type FileContent =
  | { kind: 'buffer'; bytes: Uint8Array }
  | { kind: 'path'; path: string }
  /** `size` bytes generated 1 MB at a time: large uploads without a large buffer. */
  | { kind: 'generated'; size: number };

export interface MultipartFile {
  field: string;
  filename: string;
  contentType?: string;
  content: FileContent;
}

async function* fileChunks(content: FileContent): AsyncGenerator<Uint8Array> {
  if (content.kind === 'buffer') yield content.bytes;
  else if (content.kind === 'path') yield* createReadStream(content.path);
  else {
    const block = Buffer.alloc(1024 * 1024, 0x41);
    for (let left = content.size; left > 0; left -= block.length) {
      yield left >= block.length ? block : block.subarray(0, left);
    }
  }
}

/** A streamed multipart/form-data body for `app.inject`, so tests never hold a big upload whole. */
export function multipart(fields: Record<string, string | number>, file?: MultipartFile) {
  const boundary = `----tonemark${randomBytes(8).toString('hex')}`;
  async function* body(): AsyncGenerator<Uint8Array> {
    for (const [name, value] of Object.entries(fields)) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
    }
    if (file) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      );
      yield* fileChunks(file.content);
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return {
    payload: Readable.from(body(), { objectMode: false }),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POSTs a multipart form through `app.inject` as the holder of `cookie`. */
export function postMultipart(
  app: FastifyInstance,
  url: string,
  cookie: string,
  fields: Record<string, string | number>,
  file?: MultipartFile,
) {
  const form = multipart(fields, file);
  return app.inject({ method: 'POST', url, headers: { ...form.headers, cookie }, payload: form.payload });
}
