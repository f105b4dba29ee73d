import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType, ZodTypeDef } from 'zod';
import type { TriggerRow, UserRow } from '../../db/schema.ts';
import { requireRole } from '../../plugins/request-user.ts';
import { type CleanupScope, withCleanup } from './cleanup-scope.ts';
import { ingestUpload } from './ingest-media.ts';
import type { MediaContext } from './media-context.ts';
import { loadMedia, loadTrigger, MEDIA_WRITERS } from './media-lookups.ts';
import { type MediaSource, sourceFromRow, sourceFromUrl } from './media-source.ts';
import { parseMediaInput } from './parse-media-input.ts';
import { receiveUpload, requireFile } from './receive-upload.ts';

/** What an embed or segment call has once its source and trigger are known. */
export interface ProcessStep<Input> {
  scope: CleanupScope;
  user: UserRow;
  source: MediaSource;
  trigger: TriggerRow;
  input: Input;
}

/** What an embed or segment call does with them. */
export type ProcessWork<Input, Result> = (step: ProcessStep<Input>) => Promise<Result>;

type Schema<Out> = ZodType<Out, ZodTypeDef, unknown>;

/**
 * SPEC §7 /embed and /process-segment: a JSON body naming a library item the user sees or a URL,
 * and a trigger. Answers 201 with the work's result once the file is ready.
 */
export function onNamedMedia<
  Input extends { triggerId: number; media: { id: number } | { url: string } },
  Result,
>(ctx: MediaContext, schema: Schema<Input>, work: ProcessWork<Input, Result>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    const input = parseMediaInput(schema, request.body);
    const trigger = await loadTrigger(ctx, user, input.triggerId);
    const result = await withCleanup(async (scope) => {
      const { media } = input;
      const source =
        'url' in media
          ? await sourceFromUrl(ctx, scope, media.url)
          : await sourceFromRow(ctx, scope, await loadMedia(ctx, user, media));
      return work({ scope, user, source, trigger, input });
    });
    return reply.status(201).send(result);
  };
}

/**
 * SPEC §7 /upload-embed and /upload-process-segment: the file comes with the call. It is stored in
 * the library first (the result links to it as its parent) and read with the probe it was stored
 * with; a refused call removes it again. `missingFile` holds SPEC §5's sentences for no file.
 */
export function onUploadedMedia<Input extends { triggerId: number }, Result>(
  ctx: MediaContext,
  schema: Schema<Input>,
  missingFile: { file: string; fileAndTrigger?: string },
  work: ProcessWork<Input, Result>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const user = requireRole(request, MEDIA_WRITERS);
    const result = await withCleanup(async (scope) => {
      const upload = await receiveUpload(request, scope, ctx);
      const file = requireFile(upload, missingFile);
      const input = parseMediaInput(schema, upload.fields);
      const trigger = await loadTrigger(ctx, user, input.triggerId);
      // The uploaded original belongs where the trigger does (loadTrigger checked the right).
      const original = await ingestUpload(ctx, scope, user, file, trigger.teamId);
      const source = await sourceFromRow(ctx, scope, original.row, original.probed);
      return work({ scope, user, source, trigger, input });
    });
    return reply.status(201).send(result);
  };
}
