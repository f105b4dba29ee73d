import { stat } from 'node:fs/promises';
import type { AccountTier } from '@tonemark/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mediaFiles, type UserRow, users } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { planHolderId } from '../billing/plan-holder.ts';
import { storageQuota } from '../billing/storage-quota.ts';
import { tierLimits } from '../billing/tier-limits.ts';
import type { ProbedMedia } from './probe-source.ts';

// docs/decisions/security-hardening.md: every limit below is checked from the probe, before any
// ffmpeg work starts, so a small file that declares a huge length cannot fill the disk.

/** Longest file per plan: a long podcast fits every paid plan, a day of audio only the largest. */
export const MAX_DURATION_SEC: Record<AccountTier, number> = {
  free: 1 * 3600,
  starter: 3 * 3600,
  pro: 6 * 3600,
  enterprise: 24 * 3600,
};

const GB = 1024 ** 3;

export interface MediaAllowance {
  planName: string;
  maxDurationSec: number;
  /** null: no storage limit (admins). */
  storageLimitBytes: number | null;
  usedBytes: number;
}

const hours = (sec: number) => `${Math.round((sec / 3600) * 10) / 10} h`;
const size = (bytes: number) =>
  bytes >= GB ? `${(bytes / GB).toFixed(2)} GB` : `${Math.max(0.01, bytes / 1024 ** 2).toFixed(2)} MB`;

/** Bytes of ready and processing media the account holds. */
export async function usedStorageBytes(db: Db, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number | null>`coalesce(sum(${mediaFiles.fileSize}), 0)` })
    .from(mediaFiles)
    .where(eq(mediaFiles.ownerId, ownerId));
  return Number(row?.total ?? 0);
}

/**
 * The account whose plan a new file counts against: the uploader's own, or for a team's file the
 * team owner's (issue 13). A platform admin uploading is never limited.
 */
async function planHolder(db: Db, user: UserRow, teamId: number | null): Promise<UserRow> {
  if (user.role === 'admin') return user;
  const holderId = await planHolderId(db, user.id, teamId);
  if (holderId === user.id) return user;
  const [holder] = await db.select().from(users).where(eq(users.id, holderId));
  return holder ?? user;
}

/**
 * What the account may still store and how long one file may be, from its plan: the storage
 * quota is billing's storageQuota(), the one the screens show (docs/decisions/commerce-lifecycle.md).
 */
export async function mediaAllowance(db: Db, user: UserRow, teamId: number | null): Promise<MediaAllowance> {
  const holder = await planHolder(db, user, teamId);
  const [limits, quota] = await Promise.all([tierLimits(db, holder), storageQuota(db, holder)]);
  return {
    planName: limits.name,
    maxDurationSec: MAX_DURATION_SEC[holder.role === 'admin' ? 'enterprise' : limits.tier],
    storageLimitBytes: quota.limitBytes,
    usedBytes: quota.usedBytes,
  };
}

export function assertDurationAllowed(allowance: MediaAllowance, durationSec: number): void {
  if (durationSec > allowance.maxDurationSec) {
    throw new AppError(
      'MEDIA_TOO_LONG',
      `The media is ${hours(durationSec)} long: the ${allowance.planName} plan takes files up to ${hours(allowance.maxDurationSec)}`,
    );
  }
}

/** Refuses `bytes` more when they would take the account past its plan's storage. */
export function assertStorageFits(allowance: MediaAllowance, bytes: number, what: string): void {
  if (allowance.storageLimitBytes === null) return;
  if (allowance.usedBytes + bytes > allowance.storageLimitBytes) {
    const left = Math.max(0, allowance.storageLimitBytes - allowance.usedBytes);
    throw new AppError(
      'STORAGE_LIMIT',
      `${what} needs about ${size(bytes)} but only ${size(left)} of the ${allowance.planName} plan's ${size(allowance.storageLimitBytes)} storage is left: delete media or upgrade your plan`,
    );
  }
}

export interface OutputEstimate {
  /** Expected size of the result. */
  bytes: number;
  /** The size past which the running job is stopped. */
  budgetBytes: number;
}

const LOSSLESS = new Set(['.wav', '.flac', '.aiff']);

/**
 * An upper estimate of a render's output: the source's own bytes per second over the output's
 * length, or PCM at the output rate when the result is lossless (an ultrasonic trigger raises a
 * low rate to 44.1 kHz). The budget leaves room for estimates that run low (re-encoded cuts).
 */
export async function estimateOutput(
  sourcePath: string,
  probed: ProbedMedia,
  outputSec: number,
  outputRate: number,
  outputExtension: string,
): Promise<OutputEstimate> {
  const sourceBytes = (await stat(sourcePath)).size;
  const perSecond = sourceBytes / Math.max(probed.durationSec, 0.05);
  let bytes = perSecond * outputSec;
  if (LOSSLESS.has(outputExtension)) {
    const channels = probed.audio?.channels ?? 2;
    bytes = Math.max(bytes, outputRate * channels * 4 * outputSec);
  }
  bytes = Math.ceil(bytes) + 64 * 1024;
  return { bytes, budgetBytes: bytes * 2 + 16 * 1024 * 1024 };
}
