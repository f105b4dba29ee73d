import { AppError } from '../../plugins/app-error.ts';
import type { UploadedFile } from './receive-upload.ts';

/**
 * SPEC §5 asks for the file and the trigger in one sentence when both are missing; the file
 * message alone when only the file is. Checked before the fields' own rules.
 */
export function requireFile(
  file: UploadedFile | undefined,
  fields: Record<string, string>,
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
