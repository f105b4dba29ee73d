import type { MediaFileRow, TriggerRow, UserRow } from '../../db/schema.ts';
import { notFound } from '../../plugins/app-error.ts';
import { findTrigger } from '../triggers/repository.ts';
import type { MediaContext } from './media-context.ts';
import { findMedia } from './media-repository.ts';

/** Creators and admins change media; viewers only read (DESIGN §5). */
export const MEDIA_WRITERS = ['admin', 'creator'] as const;

/** A trigger the user may use: creators their own, admins any. Others are 404, not 403. */
export async function loadTrigger(ctx: MediaContext, user: UserRow, id: number): Promise<TriggerRow> {
  const trigger = await findTrigger(ctx.db, user, id);
  if (!trigger) throw notFound('Trigger');
  return trigger;
}

export async function loadMedia(
  ctx: MediaContext,
  user: UserRow,
  by: { id?: number | undefined; publicId?: string | undefined },
): Promise<MediaFileRow> {
  const row = await findMedia(ctx.db, user, by);
  if (!row) throw notFound('Media');
  return row;
}
