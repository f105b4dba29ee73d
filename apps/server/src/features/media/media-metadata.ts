import { type ProbedMedia, probedAudioBitRate } from './probe-source.ts';

/** What a mediaFiles row keeps in its `metadata` column beyond SPEC §3.4's columns. */
export interface MediaMetadata {
  /** The file's key in the MediaStore. */
  storageKey: string;
  contentType: string;
  /** Which job made the row: an upload or import, or a file derived by ffmpeg. */
  job: 'upload' | 'import' | 'embed' | 'segment' | 'extract';
  /** Milliseconds from the start of this file where the trigger was embedded. */
  triggerPositionMs?: number;
  /** The URL an import or URL-based job downloaded. */
  sourceUrl?: string;
  /** Why the job ended in `error`. */
  errorMessage?: string;
  /** The audio's bitrate (bit/s) as probed when the file was stored; null when ffprobe gave none;
   * absent on rows stored before it was kept, until the backfill reaches them (bitrate-backfill.ts). */
  audioBitRate?: number | null;
  /** The instance running the job: its heartbeat keeps the row from being swept as stale. */
  worker?: string;
}

/** Rows are only written by this feature, through MediaMetadata; old or hand-made rows get defaults. */
export function readMetadata(value: Record<string, unknown> | null): MediaMetadata {
  const v = value ?? {};
  const text = (key: string) => (typeof v[key] === 'string' ? (v[key] as string) : undefined);
  const job = text('job');
  const meta: MediaMetadata = {
    storageKey: text('storageKey') ?? '',
    contentType: text('contentType') ?? 'application/octet-stream',
    job: job === 'import' || job === 'embed' || job === 'segment' || job === 'extract' ? job : 'upload',
  };
  if (typeof v.triggerPositionMs === 'number') meta.triggerPositionMs = v.triggerPositionMs;
  const sourceUrl = text('sourceUrl');
  if (sourceUrl !== undefined) meta.sourceUrl = sourceUrl;
  const errorMessage = text('errorMessage');
  if (errorMessage !== undefined) meta.errorMessage = errorMessage;
  if (typeof v.audioBitRate === 'number' && Number.isFinite(v.audioBitRate))
    meta.audioBitRate = v.audioBitRate;
  else if (v.audioBitRate === null) meta.audioBitRate = null;
  const worker = text('worker');
  if (worker !== undefined) meta.worker = worker;
  return meta;
}

/** `metadata` with the stored file's probed audio bitrate (null where ffprobe gave none: known, so
 * the backfill leaves the row alone). */
export function withAudioBitRate<M extends MediaMetadata>(metadata: M, probed: ProbedMedia): M {
  const audioBitRate = probedAudioBitRate(probed);
  return { ...metadata, audioBitRate: audioBitRate === undefined ? null : Math.round(audioBitRate) };
}
