import type { Db } from '../../db/client.ts';
import type { MediaFileRow, UserRow } from '../../db/schema.ts';
import { planHolderId } from '../billing/plan-holder.ts';
import { assertCanMoveTo } from '../teams/access.ts';
import { assertStorageFits, mediaAllowance } from './media-limits.ts';

/**
 * Checks a media file's move between personal and a team (issue 13) for one who may change it:
 * the destination must take new files from them, only the uploader takes it back to personal, and
 * the file's bytes must fit the storage of the plan it moves onto (a team's files count against
 * the team owner's plan). Returns the new team id, or undefined when the owner stays. Only this
 * file moves; its segments and embeds keep their owner.
 */
export async function assertCanMoveMedia(
  db: Db,
  user: UserRow,
  file: MediaFileRow,
  to: number | null | undefined,
): Promise<number | null | undefined> {
  const teamId = await assertCanMoveTo(db, user, file, to, 'Media');
  if (teamId === undefined || file.ownerId === null) return teamId;
  const before = await planHolderId(db, file.ownerId, file.teamId);
  if ((await planHolderId(db, file.ownerId, teamId)) !== before) {
    assertStorageFits(await mediaAllowance(db, user, teamId), file.fileSize ?? 0, 'This file');
  }
  return teamId;
}
