import { codecSurvivalWarning } from '@tonemark/audio';
import { MEDIA_MESSAGES, mediaUrlForKey, TRIGGER_SIGNALS, type TriggerSignal } from '@tonemark/shared';
import type { TriggerRow, UserRow } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { contentTypeForKey } from '../../storage/content-types.ts';
import { assertCanCreateIn } from '../teams/access.ts';
import { type CleanupScope, isRefusal } from './cleanup-scope.ts';
import { JobTimeoutError } from './job-runner.ts';
import { type MediaContext, newMediaPublicId } from './media-context.ts';
import { assertDurationAllowed, assertStorageFits, estimateOutput, mediaAllowance } from './media-limits.ts';
import { type MediaMetadata, withAudioBitRate } from './media-metadata.ts';
import { deleteMediaRow, incrementEmbedCount, insertMedia, updateMedia } from './media-repository.ts';
import type { MediaSource } from './media-source.ts';
import { outputExtension, probedAudioBitRate } from './probe-source.ts';
import { outputRate } from './render-args.ts';
import { OutputBudgetError, renderMedia } from './render-media.ts';
import type { DerivedFile } from './result-shapes.ts';

export type Cut = { startSec: number; durationSec: number };

/**
 * What to make: the trigger mixed in at `atSec` seconds into the result (an embed), the same
 * within a cut (a segment), or a cut alone (extract-segment).
 */
export type Derivation =
  | { trigger: TriggerRow; atSec: number; cut?: Cut }
  | { trigger?: undefined; cut: Cut };

interface DeriveRequest {
  source: MediaSource;
  /** Without a trigger the result is a plain cut (extract-segment). */
  trigger: TriggerRow | undefined;
  /** Seconds into the result where the trigger starts. */
  triggerAtSec: number;
  cut: Cut | undefined;
  job: 'embed' | 'segment' | 'extract';
}

function requestOf(source: MediaSource, what: Derivation): DeriveRequest {
  if (what.trigger === undefined) {
    return { source, trigger: undefined, triggerAtSec: 0, cut: what.cut, job: 'extract' };
  }
  const { trigger, atSec, cut } = what;
  return { source, trigger, triggerAtSec: atSec, cut, job: cut ? 'segment' : 'embed' };
}

// Probed durations and form values (step 0.1) disagree by rounding; this much is forgiven.
const EPSILON_SEC = 0.05;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The row's signal; only the trigger routes write it, from the same list. */
function signalOf(trigger: TriggerRow): TriggerSignal {
  return TRIGGER_SIGNALS.find((signal) => signal === trigger.signal) ?? 'audible';
}

function checkTimes(request: DeriveRequest): void {
  const length = request.source.probed.durationSec;
  if (request.cut) {
    const { startSec, durationSec } = request.cut;
    if (startSec >= length || startSec + durationSec > length + EPSILON_SEC) {
      throw new AppError(
        'VALIDATION',
        `${MEDIA_MESSAGES.segmentOutsideMedia} (the media is ${round1(length)} s long)`,
        { segmentDuration: MEDIA_MESSAGES.segmentOutsideMedia },
      );
    }
  } else if (request.triggerAtSec > length + EPSILON_SEC) {
    throw new AppError('VALIDATION', `${MEDIA_MESSAGES.startTimeOutsideMedia} (0 to ${round1(length)} s)`, {
      startTime: MEDIA_MESSAGES.startTimeOutsideMedia,
    });
  }
}

function warningsFor(request: DeriveRequest): string[] {
  const { trigger } = request;
  if (!trigger) return [];
  const warnings: string[] = [];
  const length = request.cut?.durationSec ?? request.source.probed.durationSec;
  if (request.triggerAtSec + trigger.durationMs / 1000 > length + EPSILON_SEC) {
    warnings.push(
      'The trigger runs past the end of the media and is cut short: listeners may not detect it.',
    );
  }
  // Which signal survives which codec and bitrate is measured (issue 9, docs/audio-benchmark.md):
  // the output keeps the source's codec and bitrate, so a platform re-encoding it alike is the risk.
  const lossless = ['.wav', '.flac'].includes(outputExtension(request.source.probed));
  const audio = request.source.probed.info.streams.find((s) => s.kind === 'audio');
  if (!lossless && trigger.signal !== 'audible') {
    const codec = audio?.codec ?? (outputExtension(request.source.probed) === '.mp3' ? 'mp3' : 'aac');
    const warning = codecSurvivalWarning(signalOf(trigger), codec, probedAudioBitRate(request.source.probed));
    if (warning !== undefined) warnings.push(`${warning.replace(/^warning: /, '')}.`);
  }
  return warnings;
}

function titleFor(request: DeriveRequest): string {
  const base = request.source.title;
  if (request.cut) {
    const { startSec, durationSec } = request.cut;
    return `${base} (${round1(startSec)}–${round1(startSec + durationSec)} s)`.slice(0, 200);
  }
  return `${base} + ${request.trigger?.name ?? 'trigger'}`.slice(0, 200);
}

/**
 * Makes a new library file from a source with ffmpeg: a whole-file embed, a segment with a
 * trigger, or a plain cut. The result row is the job: processing while ffmpeg runs, ready with
 * its size and duration, or error with the reason. Input problems become a 4xx and leave no
 * row; the scope removes every temporary file either way.
 */
export async function deriveMedia(
  ctx: MediaContext,
  scope: CleanupScope,
  user: UserRow,
  source: MediaSource,
  what: Derivation,
): Promise<DerivedFile> {
  const request = requestOf(source, what);
  checkTimes(request);
  // A derived file belongs where its library source does, else where its trigger does (issue 13).
  const teamId = await assertCanCreateIn(
    ctx.db,
    user,
    request.source.row ? request.source.row.teamId : (request.trigger?.teamId ?? null),
  );
  const outputSec = request.cut?.durationSec ?? request.source.probed.durationSec;
  const allowance = await mediaAllowance(ctx.db, user, teamId);
  assertDurationAllowed(allowance, outputSec);
  const extension = outputExtension(request.source.probed);
  const rate = outputRate({
    input: request.source.path,
    probed: request.source.probed,
    output: '',
    ...(request.trigger ? { trigger: { wavPath: '', atSec: 0, signal: signalOf(request.trigger) } } : {}),
  });
  const estimate = await estimateOutput(
    request.source.path,
    request.source.probed,
    outputSec,
    rate,
    extension,
  );
  assertStorageFits(allowance, estimate.bytes, 'The result');
  const warnings = warningsFor(request);
  const tone = request.trigger ? await ctx.tones.ensure(request.trigger) : undefined;
  const publicId = newMediaPublicId();
  const key = `${publicId}${extension}`;
  const metadata: MediaMetadata = {
    storageKey: key,
    contentType: contentTypeForKey(key),
    job: request.job,
    worker: ctx.worker,
    ...(request.trigger ? { triggerPositionMs: Math.round(request.triggerAtSec * 1000) } : {}),
    ...(request.source.sourceUrl ? { sourceUrl: request.source.sourceUrl } : {}),
  };
  const row = await insertMedia(ctx.db, {
    name: titleFor(request),
    description: null,
    type: request.source.probed.fileType,
    publicId,
    url: mediaUrlForKey(key),
    status: 'processing',
    ownerId: user.id,
    teamId,
    triggerId: request.trigger?.id ?? null,
    isSegment: request.cut !== undefined,
    parentMediaId: request.source.row?.id ?? null,
    segmentStart: request.cut ? Math.round(request.cut.startSec * 1000) : null,
    segmentDuration: request.cut ? Math.round(request.cut.durationSec * 1000) : null,
    metadata,
  });
  const output = ctx.temp.newPath('render', key.slice(key.lastIndexOf('.')));
  scope.always(() => ctx.temp.remove(output));
  const toneFile = tone ? await ctx.store.openLocal(tone.key) : undefined;
  if (toneFile) scope.always(toneFile.release);
  try {
    const ready = await ctx.jobs.run(row.id, async (signal) => {
      await renderMedia(
        {
          input: request.source.path,
          probed: request.source.probed,
          output,
          ...(request.cut ? { cut: request.cut } : {}),
          ...(toneFile && request.trigger
            ? {
                trigger: {
                  wavPath: toneFile.path,
                  atSec: request.triggerAtSec,
                  signal: signalOf(request.trigger),
                },
              }
            : {}),
        },
        signal,
        estimate.budgetBytes,
      );
      const probed = await ctx.probe(output, key);
      const stored = await ctx.store.putFile(key, output);
      return updateMedia(ctx.db, row.id, {
        status: 'ready',
        fileSize: stored.size,
        duration: Math.round(probed.durationSec * 1000),
        metadata: withAudioBitRate(metadata, probed),
      });
    });
    if (request.trigger) await incrementEmbedCount(ctx.db, request.trigger.id);
    return { row: ready, warnings };
  } catch (error) {
    await ctx.store.delete(key).catch(() => {});
    // A refused input leaves no row; a job that failed keeps its row, marked error, to show why.
    if (isRefusal(error)) {
      await deleteMediaRow(ctx.db, row.id);
      throw error;
    }
    ctx.log.error({ err: error, mediaId: row.id }, 'media job failed');
    const timedOut = error instanceof JobTimeoutError;
    const overBudget = error instanceof OutputBudgetError;
    const reason = timedOut
      ? 'Processing took too long and was stopped'
      : overBudget
        ? 'The result grew past its size budget and was stopped'
        : 'Processing failed; please try again';
    await updateMedia(ctx.db, row.id, {
      status: 'error',
      metadata: { ...metadata, errorMessage: reason },
    }).catch(() => {});
    if (overBudget) throw new AppError('OUTPUT_TOO_LARGE', reason);
    throw timedOut ? new AppError('MEDIA_TIMEOUT', reason) : error;
  }
}
