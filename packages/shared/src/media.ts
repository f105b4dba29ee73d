import { z } from 'zod';
import { DEFAULT_SEGMENT_DURATION_S, DEFAULT_TRIGGER_POSITION_S, UPLOAD_LIMIT_BYTES } from './constants.ts';
import { MAX_SERIAL_ID, serialIdParamSchema, serialIdSchema } from './ids.ts';
import { listPageSchema, pageParamsShape } from './paging.ts';
import { ownerFilterSchema, ownerTeamIdSchema } from './teams.ts';

// Contracts of every media call of SPEC §7 (/api/media/*, /api/cloudinary/*) and the shapes of
// SPEC §3.3 (embed result, segment result, segment, media file). Times are seconds on the wire.

/** SPEC §5 / §8 texts, exactly as the screens show them; the server answers 4xx with these. */
export const MEDIA_MESSAGES = {
  provideMediaUrl: 'Please provide a media URL',
  provideMediaUrlAndTrigger: 'Please provide a media URL and select a trigger',
  uploadMediaFile: 'Please upload a media file',
  uploadMediaFileAndTrigger: 'Please upload a media file and select a trigger',
  enterMediaUrl: 'Please enter a media URL',
  selectMediaFile: 'Please select a media file',
  selectTrigger: 'Please select a trigger',
  segmentDurationPositive: 'Segment duration must be greater than 0',
  triggerPositionInSegment: 'Trigger position must be within the segment duration',
  selectFileToUpload: 'Please select a file to upload',
  selectMediaAndTrigger: 'Please select both media and a trigger',
  triggerWithoutPublicId: "Trigger doesn't have a public ID",
  fileOrUrl: 'Please select a file or enter a valid URL',
  youtubeUnsupported:
    'YouTube URLs are not supported. Please provide a direct link to an audio or video file (for example a URL ending in .mp4 or .mp3).',
  invalidMediaUrl: 'Please provide a valid http or https media URL',
  fileTooLarge: `The file is too large: the limit is ${UPLOAD_LIMIT_BYTES / (1024 * 1024)} MB`,
  notMedia: 'The file is not a readable audio or video file (MP3, WAV, MP4, WEBM up to 100MB)',
  noAudioTrack: 'This media has no audio track to embed a trigger into',
  startTimeOutsideMedia: 'Start time must be within the media duration',
  segmentOutsideMedia: 'The segment must start and end within the media duration',
} as const;

export const MEDIA_FILE_TYPES = ['video', 'audio'] as const;
export type MediaFileType = (typeof MEDIA_FILE_TYPES)[number];
export const MEDIA_STATUSES = ['processing', 'ready', 'error'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

export const DEFAULT_IMPORT_TITLE = 'Imported media';
/** Multipart field names of SPEC §7. */
export const MEDIA_FILE_FIELD = 'mediaFile';
export const CLOUDINARY_FILE_FIELD = 'file';

/** Stored files are served here; `?download=1` asks for an attachment. */
export const MEDIA_URL_PREFIX = '/media/';
export function mediaUrlForKey(key: string): string {
  return `${MEDIA_URL_PREFIX}${encodeURIComponent(key)}`;
}
/** DESIGN §3: a trigger's publicId is the storage key of its rendered tone file. */
export function triggerToneKey(publicId: string): string {
  return `${publicId}.wav`;
}

const YOUTUBE_HOSTS = ['youtube.com', 'youtu.be', 'youtube-nocookie.com'];
/** SPEC §2.13: YouTube pages are not media files; direct file URLs are required. */
export function isYouTubeUrl(value: string): boolean {
  try {
    const host = new URL(value).hostname.toLowerCase().replace(/\.$/, '');
    return YOUTUBE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
  } catch {
    return false;
  }
}

function isHttpUrlText(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Empty strings from forms and multipart fields count as "not given". */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;
/** Multipart fields arrive as text: '2.5' is read as 2.5, anything else is left for zod to refuse. */
const numericText = (value: unknown) => {
  const v = blankToUndefined(value);
  return typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v;
};

const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
/** A multipart field naming the owning team (issue 13); blank or absent: the uploader's own. */
const teamIdField = z.preprocess(blankToUndefined, serialIdParamSchema.optional());
const optionalId = z.preprocess(numericText, serialIdSchema.optional());
/** A required id; `missing` is the SPEC §5 sentence for its absence. */
const requiredId = (missing: string) =>
  z.preprocess(numericText, z.number({ required_error: missing }).int().positive().max(MAX_SERIAL_ID));
const seconds = (fallback: number) =>
  z.preprocess(numericText, z.number().min(0).max(86_400).default(fallback));
const mediaUrlField = z.preprocess(blankToUndefined, z.string().trim().max(2000).optional());

function checkMediaUrl(url: string | undefined, ctx: z.RefinementCtx) {
  if (url === undefined) return;
  if (!isHttpUrlText(url)) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['mediaUrl'],
      message: MEDIA_MESSAGES.invalidMediaUrl,
    });
  } else if (isYouTubeUrl(url)) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['mediaUrl'],
      message: MEDIA_MESSAGES.youtubeUnsupported,
    });
  }
}

function issue(ctx: z.RefinementCtx, path: string, message: string) {
  ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
}

type MissingRule = (
  present: (field: string) => boolean,
  missing: (field: string, message: string) => void,
) => void;

/**
 * SPEC §5's sentences for absent fields, some naming two at once ("Please provide a media URL and
 * select a trigger"), checked on the raw input before the fields' own rules. When one applies it
 * is the whole answer, so the fields behind it can be required in the parsed type.
 */
function whenMissing<T extends z.ZodTypeAny>(rule: MissingRule, schema: T) {
  return z.preprocess((raw, ctx) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
    const fields = raw as Record<string, unknown>;
    rule(
      (field) => blankToUndefined(fields[field]) !== undefined,
      (field, message) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message, fatal: true }),
    );
    return raw;
  }, schema);
}

/** The media a call reads, by id or else by the other field naming it (`byOther`). */
function mediaRef<Other extends object>(
  id: number | undefined,
  byOther: Other | undefined,
  ctx: z.RefinementCtx,
  missing: string,
): { id: number } | Other {
  if (id !== undefined) return { id };
  if (byOther !== undefined) return byOther;
  issue(ctx, 'mediaId', missing);
  return z.NEVER;
}

const url = (mediaUrl: string | undefined) => (mediaUrl === undefined ? undefined : { url: mediaUrl });
const publicId = (value: string | undefined) => (value === undefined ? undefined : { publicId: value });

const embedRequestFields = z
  .object({
    mediaUrl: mediaUrlField,
    mediaId: optionalId,
    triggerId: requiredId(MEDIA_MESSAGES.selectTrigger),
    startTime: seconds(0),
  })
  .strict()
  .superRefine((v, ctx) => checkMediaUrl(v.mediaUrl, ctx));

/** POST /api/media/embed: a URL (embed tools) or a library item (wizard), a trigger, a start time. */
export const embedRequestSchema = whenMissing((present, missing) => {
  const noMedia = !present('mediaUrl') && !present('mediaId');
  if (noMedia && !present('triggerId')) {
    missing('mediaUrl', MEDIA_MESSAGES.provideMediaUrlAndTrigger);
    missing('triggerId', MEDIA_MESSAGES.provideMediaUrlAndTrigger);
  } else if (noMedia) missing('mediaUrl', MEDIA_MESSAGES.provideMediaUrl);
  else if (!present('triggerId')) missing('triggerId', MEDIA_MESSAGES.selectTrigger);
}, embedRequestFields).transform(({ mediaUrl, mediaId, ...rest }, ctx) => ({
  ...rest,
  media: mediaRef(mediaId, url(mediaUrl), ctx, MEDIA_MESSAGES.provideMediaUrl),
}));
export type EmbedRequest = z.input<typeof embedRequestFields>;

/** POST /api/media/upload-embed: the text fields beside the `mediaFile` part. */
export const uploadEmbedFieldsSchema = z
  .object({ triggerId: requiredId(MEDIA_MESSAGES.selectTrigger), startTime: seconds(0) })
  .strict();
export type UploadEmbedFields = z.output<typeof uploadEmbedFieldsSchema>;

const segmentFields = {
  triggerId: requiredId(MEDIA_MESSAGES.selectTrigger),
  segmentStart: seconds(0),
  segmentDuration: z.preprocess(numericText, z.number().max(86_400).default(DEFAULT_SEGMENT_DURATION_S)),
  triggerPosition: z.preprocess(numericText, z.number().max(86_400).default(DEFAULT_TRIGGER_POSITION_S)),
};

function checkSegment(v: { segmentDuration: number; triggerPosition: number }, ctx: z.RefinementCtx) {
  if (!(v.segmentDuration > 0)) issue(ctx, 'segmentDuration', MEDIA_MESSAGES.segmentDurationPositive);
  else if (v.triggerPosition < 0 || v.triggerPosition > v.segmentDuration) {
    issue(ctx, 'triggerPosition', MEDIA_MESSAGES.triggerPositionInSegment);
  }
}

const processSegmentFields = z
  .object({ mediaUrl: mediaUrlField, mediaId: optionalId, ...segmentFields })
  .strict()
  .superRefine((v, ctx) => {
    checkMediaUrl(v.mediaUrl, ctx);
    checkSegment(v, ctx);
  });

/** POST /api/media/process-segment: cut [segmentStart, +segmentDuration) and embed at triggerPosition. */
export const processSegmentRequestSchema = whenMissing((present, missing) => {
  if (!present('mediaUrl') && !present('mediaId')) missing('mediaUrl', MEDIA_MESSAGES.enterMediaUrl);
  if (!present('triggerId')) missing('triggerId', MEDIA_MESSAGES.selectTrigger);
}, processSegmentFields).transform(({ mediaUrl, mediaId, ...rest }, ctx) => ({
  ...rest,
  media: mediaRef(mediaId, url(mediaUrl), ctx, MEDIA_MESSAGES.enterMediaUrl),
}));
export type ProcessSegmentRequest = z.input<typeof processSegmentFields>;

/** POST /api/media/upload-process-segment: the text fields beside the `mediaFile` part. */
export const uploadProcessSegmentFieldsSchema = z.object(segmentFields).strict().superRefine(checkSegment);

/** POST /api/media/upload: the text fields beside the `mediaFile` part. */
export const mediaUploadFieldsSchema = z
  .object({ title: optionalText(200), description: optionalText(1000), teamId: teamIdField })
  .strict();

/**
 * POST /api/cloudinary/upload: `file`, title and the client's type guess. The stored type comes
 * from probing the file; the guess is accepted but never trusted.
 */
export const cloudinaryUploadFieldsSchema = z
  .object({
    title: optionalText(200),
    description: optionalText(1000),
    type: z.preprocess(blankToUndefined, z.enum(MEDIA_FILE_TYPES).optional()),
    teamId: teamIdField,
  })
  .strict();

/** POST /api/media/import: fetch a direct media URL into the library. */
export const mediaImportRequestSchema = z
  .object({
    mediaUrl: z.preprocess(
      blankToUndefined,
      z.string({ required_error: MEDIA_MESSAGES.provideMediaUrl }).trim().max(2000),
    ),
    title: z.preprocess(blankToUndefined, z.string().trim().max(200).default(DEFAULT_IMPORT_TITLE)),
    description: optionalText(1000),
    teamId: ownerTeamIdSchema,
  })
  .strict()
  .superRefine((v, ctx) => checkMediaUrl(v.mediaUrl, ctx));
export type MediaImportRequest = z.input<typeof mediaImportRequestSchema>;

const extractSegmentFields = z
  .object({
    mediaPublicId: optionalText(200),
    mediaId: optionalId,
    startTimeSeconds: seconds(0),
    durationSeconds: z.preprocess(numericText, z.number().max(86_400).default(DEFAULT_SEGMENT_DURATION_S)),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!(v.durationSeconds > 0)) issue(ctx, 'durationSeconds', MEDIA_MESSAGES.segmentDurationPositive);
  });

/** POST /api/cloudinary/extract-segment: a plain cut of a library item (no trigger). */
export const extractSegmentRequestSchema = whenMissing((present, missing) => {
  if (!present('mediaId') && !present('mediaPublicId')) missing('mediaId', MEDIA_MESSAGES.selectMediaFile);
}, extractSegmentFields).transform(({ mediaPublicId, mediaId, ...rest }, ctx) => ({
  ...rest,
  media: mediaRef(mediaId, publicId(mediaPublicId), ctx, MEDIA_MESSAGES.selectMediaFile),
}));
export type ExtractSegmentRequest = z.input<typeof extractSegmentFields>;

const libraryEmbedFields = z
  .object({
    mediaPublicId: optionalText(200),
    mediaId: optionalId,
    triggerPublicId: z.preprocess(
      blankToUndefined,
      z.string({ required_error: MEDIA_MESSAGES.triggerWithoutPublicId }).trim().max(200),
    ),
    triggerId: requiredId(MEDIA_MESSAGES.selectMediaAndTrigger),
    startTimeSeconds: seconds(0),
  })
  .strict();

/** POST /api/cloudinary/embed-trigger: the media library's embed tab. */
export const libraryEmbedRequestSchema = whenMissing((present, missing) => {
  const noMedia = !present('mediaId') && !present('mediaPublicId');
  if (noMedia || !present('triggerId')) {
    missing(noMedia ? 'mediaId' : 'triggerId', MEDIA_MESSAGES.selectMediaAndTrigger);
  } else if (!present('triggerPublicId')) missing('triggerPublicId', MEDIA_MESSAGES.triggerWithoutPublicId);
}, libraryEmbedFields).transform(({ mediaPublicId, mediaId, ...rest }, ctx) => ({
  ...rest,
  media: mediaRef(mediaId, publicId(mediaPublicId), ctx, MEDIA_MESSAGES.selectMediaAndTrigger),
}));
export type LibraryEmbedRequest = z.input<typeof libraryEmbedFields>;

export const mediaIdParamsSchema = z.object({ id: serialIdParamSchema });

/** PATCH /api/media/:id: rename or re-describe a library item. */
export const updateMediaRequestSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    description: z.string().max(1000).nullable(),
    /** Moves the file to that team (null: to its uploader's own); its segments and embeds stay. */
    teamId: ownerTeamIdSchema,
  })
  .partial()
  .strict();

/** SPEC §3.3 media file (library), plus what the screens need to play, seek and download it. */
export const mediaFileSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  fileType: z.enum(MEDIA_FILE_TYPES),
  /** Plays in the browser (range requests supported). Same-origin path. */
  url: z.string(),
  /** The same file as an attachment. */
  downloadUrl: z.string(),
  publicId: z.string(),
  contentType: z.string(),
  /** The audio's bitrate in bit/s as probed when the file was stored; null when unknown. */
  audioBitRate: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Seconds; null until probed. */
  duration: z.number().nullable(),
  /** Bytes; null until stored. */
  size: z.number().int().nullable(),
  status: z.enum(MEDIA_STATUSES),
  /** Why a job ended in `error`. */
  errorMessage: z.string().nullable(),
  ownerId: z.number().int().nullable(),
  /** The team it belongs to; null: its owner's own. */
  teamId: z.number().int().nullable(),
  triggerId: z.number().int().nullable(),
  /** Seconds from the start of this file where the trigger was embedded. */
  triggerPosition: z.number().nullable(),
  isSegment: z.boolean(),
  parentMediaId: z.number().int().nullable(),
  segmentStart: z.number().nullable(),
  segmentDuration: z.number().nullable(),
  /** Where an import or URL-based embed read its media from. */
  sourceUrl: z.string().nullable(),
});
export type MediaFile = z.infer<typeof mediaFileSchema>;

/** SPEC §3.3 segment: GET /api/media/:id/segments lists these (full media files, segment fields set). */
export const segmentSchema = mediaFileSchema.extend({
  isSegment: z.literal(true),
  segmentStart: z.number(),
  segmentDuration: z.number(),
});
export type Segment = z.infer<typeof segmentSchema>;

/** SPEC §3.3 embed result: /api/media/embed, /api/media/upload-embed, /api/cloudinary/embed-trigger. */
export const embedResultSchema = z.object({
  /** The new media file's id. */
  id: z.number().int(),
  originalMediaUrl: z.string(),
  embeddedMediaUrl: z.string(),
  downloadUrl: z.string(),
  triggerId: z.number().int(),
  /** Seconds. */
  embedPosition: z.number(),
  createdAt: z.string(),
  status: z.enum(MEDIA_STATUSES),
  /** E.g. the trigger runs past the end, or an ultrasonic trigger in a low-bitrate lossy file. */
  warnings: z.array(z.string()),
  media: mediaFileSchema,
});
export type EmbedResult = z.infer<typeof embedResultSchema>;

/** SPEC §3.3 segment result: /api/media/process-segment and /api/media/upload-process-segment. */
export const segmentResultSchema = z.object({
  id: z.number().int(),
  embeddedMediaUrl: z.string(),
  downloadUrl: z.string(),
  segmentStart: z.number(),
  segmentDuration: z.number(),
  triggerPosition: z.number(),
  triggerId: z.number().int(),
  parentMediaId: z.number().int().nullable(),
  createdAt: z.string(),
  status: z.enum(MEDIA_STATUSES),
  warnings: z.array(z.string()),
  media: mediaFileSchema,
});
export type SegmentResult = z.infer<typeof segmentResultSchema>;

/** GET /api/media: no page named, the whole library (SPEC §7); with page/pageSize, one ListPage. */
// Not strict, as the campaign list: a stray parameter (a cache buster) is ignored.
export const mediaListQuerySchema = z.object({
  ...pageParamsShape,
  type: z.enum(MEDIA_FILE_TYPES).optional(),
  teamId: ownerFilterSchema,
});
export const mediaPageSchema = listPageSchema(mediaFileSchema);
