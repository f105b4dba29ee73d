import { WRITER_ROLES } from '@tonemark/shared';
import type { MediaFileRow, TriggerRow, UserRow } from '../../db/schema.ts';
import { notFound } from '../../plugins/app-error.ts';
import { assertCanWrite } from '../teams/access.ts';
import { findTrigger } from '../triggers/repository.ts';
import { ownerOf } from '../triggers/serialize.ts';
import type { MediaContext } from './media-context.ts';
import { findMedia } from './media-repository.ts';

/** Creators and admins change media; viewers only read (DESIGN §5). */
/** Who may write media: the writer roles every feature shares. */
export const MEDIA_WRITERS = WRITER_ROLES;

/**
 * A trigger the user may embed: their own, their teams' as admin or creator, any for admins.
 * Unseen ones are 404; a team's viewer gets 403 (embedding uses the trigger).
 */
export async function loadTrigger(ctx: MediaContext, user: UserRow, id: number): Promise<TriggerRow> {
  const trigger = await findTrigger(ctx.db, user, id);
  if (!trigger) throw notFound('Trigger');
  await assertCanWrite(ctx.db, user, ownerOf(trigger), 'Trigger');
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

/** A library item the user may change (rename, delete): 404 unseen, 403 for a team's viewer. */
export async function loadWritableMedia(ctx: MediaContext, user: UserRow, id: number): Promise<MediaFileRow> {
  const row = await loadMedia(ctx, user, { id });
  await assertCanWrite(ctx.db, user, row, 'Media');
  return row;
}
