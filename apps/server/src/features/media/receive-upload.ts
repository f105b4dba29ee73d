import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { MEDIA_FILE_FIELD, MEDIA_MESSAGES } from '@tonemark/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../plugins/app-error.ts';
import { nulRefused } from '../../plugins/input-guard.ts';
import type { CleanupScope } from './cleanup-scope.ts';
import type { TempFiles } from './temp-files.ts';

export interface UploadedFile {
  /** The temporary file; the caller moves it into the store or removes it. */
  path: string;
  size: number;
  /** The client's file name: used for a default title only, never to decide the type. */
  filename: string;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: UploadedFile | undefined;
}

export function fileTooLarge(maxBytes: number): AppError {
  const mb = Math.round(maxBytes / (1024 * 1024));
  const message = mb === 100 ? MEDIA_MESSAGES.fileTooLarge : `The file is too large: the limit is ${mb} MB`;
  return new AppError('FILE_TOO_LARGE', message);
}

function isTooLargeError(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE'
  );
}

/**
 * A parse failure of the form itself (no or wrong boundary, a boundary over 256 characters, a
 * cut-off body, a broken part header) rather than of this server (disk full, which carries a
 * syscall): the client's fault, so a 400.
 */
function isFormError(error: unknown): error is Error {
  if (!(error instanceof Error) || error instanceof AppError) return false;
  return !('syscall' in error) && !('errno' in error);
}

function formProblem(error: Error): string {
  if (/boundary not found/i.test(error.message)) return 'the content type names no boundary';
  if (/needle cannot have a length bigger than 256/i.test(error.message))
    return 'the boundary is longer than 256 characters';
  if (/unexpected end/i.test(error.message)) return 'the body ends before its closing boundary';
  return error.message;
}

/** Refuses a NUL character in a text field or the file name, as the JSON routes do. */
function assertNoNul(field: string, value: string) {
  if (value.includes('\u0000')) throw nulRefused(field);
}

/**
 * Reads a multipart request: the part named `fileField` is streamed to a temporary file (never
 * held in memory) and counted against the limit, text parts become fields. The temporary file
 * belongs to `scope`, which removes it when the request ends (storing it moved it already). A
 * non-multipart request is read as fields only, so a JSON call without a file gets the
 * screens' "please upload" message.
 */
export async function receiveUpload(
  request: FastifyRequest,
  scope: CleanupScope,
  media: { temp: TempFiles; config: { maxUploadBytes: number } },
  fileField = MEDIA_FILE_FIELD,
): Promise<ReceivedUpload> {
  const maxBytes = media.config.maxUploadBytes;
  if (!request.isMultipart()) {
    const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
    const fields = Object.fromEntries(
      Object.entries(body).filter((entry): entry is [string, string | number] =>
        ['string', 'number'].includes(typeof entry[1]),
      ),
    );
    return {
      fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
      file: undefined,
    };
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  const unexpected: string[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 2 } })) {
      if (part.type === 'field') {
        assertNoNul(part.fieldname, part.fieldname);
        if (typeof part.value === 'string') {
          assertNoNul(part.fieldname, part.value);
          fields[part.fieldname] = part.value;
        }
        continue;
      }
      if (part.fieldname !== fileField || file !== undefined) {
        unexpected.push(part.fieldname);
        part.file.resume();
        continue;
      }
      assertNoNul(part.fieldname, part.filename ?? '');
      const target = media.temp.newPath('upload');
      scope.always(() => media.temp.remove(target));
      file = { path: target, size: 0, filename: part.filename ?? '' };
      const counted = file;
      part.file.on('data', (chunk: Buffer) => {
        counted.size += chunk.length;
      });
      await pipeline(part.file, createWriteStream(target));
      if (part.file.truncated) throw fileTooLarge(maxBytes);
    }
  } catch (error) {
    if (isTooLargeError(error)) throw fileTooLarge(maxBytes);
    if (isFormError(error)) {
      throw new AppError(
        'MALFORMED_UPLOAD',
        `The upload is not a well-formed multipart form: ${formProblem(error)}`,
      );
    }
    throw error;
  }
  if (unexpected.length > 0) {
    throw new AppError('VALIDATION', `Unexpected file field: ${unexpected.join(', ')}`, {
      [unexpected[0] ?? 'file']: `Send the file as '${fileField}'`,
    });
  }
  // An empty file part (a form submitted without choosing a file) is no file.
  if (file && file.size === 0) file = undefined;
  return { fields, file };
}

/**
 * SPEC §5 asks for the file and the trigger in one sentence when both are missing; the file
 * message alone when only the file is. Checked before the fields' own rules.
 */
export function requireFile(
  { file, fields }: ReceivedUpload,
  messages: { file: string; fileAndTrigger?: string },
): UploadedFile {
  if (file) return file;
  const noTrigger = messages.fileAndTrigger !== undefined && (fields.triggerId ?? '').trim() === '';
  const message = noTrigger && messages.fileAndTrigger ? messages.fileAndTrigger : messages.file;
  throw new AppError('VALIDATION', message, {
    file: message,
    ...(noTrigger ? { triggerId: message } : {}),
  });
}
