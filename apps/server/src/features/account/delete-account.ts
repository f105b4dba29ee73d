import { triggerToneKey } from '@tonemark/shared';
import { and, count, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { campaigns, mediaFiles, soundTriggers, type UserRow, users } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { MediaStore } from '../../storage/media-store.ts';
import { readMetadata } from '../media/media-metadata.ts';

/**
 * Deletes an account and what it owns: its rows go in one transaction (the foreign keys cascade
 * from users: triggers, media rows, campaigns, sessions, keys, webhooks, subscriptions, payments),
 * then its files. Campaigns that belong to a team lose their owner but stay with the team.
 * Activations stay without their trigger, so platform totals remain true.
 */
export async function deleteAccount(
  db: Db,
  store: MediaStore,
  user: UserRow,
  /** Waits for a render of `key` still under way (a tone scheduled by a request that answered). */
  settled: (key: string) => Promise<void> = async () => {},
): Promise<{ files: number }> {
  const keys = await db.transaction(async (tx) => {
    if (user.role === 'admin') {
      const [others] = await tx.select({ n: count() }).from(users).where(ne(users.id, user.id));
      const [admins] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), ne(users.id, user.id)));
      if ((others?.n ?? 0) > 0 && (admins?.n ?? 0) === 0) {
        throw new AppError(
          'LAST_ADMIN',
          'This is the only admin account. Make another account admin before deleting this one.',
        );
      }
    }
    // The last admin of a team others still belong to hands over first, as when leaving (issue 13).
    const orphaned = await queryRows<{ name: string }>(
      tx,
      sql`select t.name from team_members m join teams t on t.id = m.team_id
        where m.user_id = ${user.id} and m.role = 'admin'
          and not exists (select 1 from team_members o where o.team_id = m.team_id and o.user_id <> ${user.id} and o.role = 'admin')
          and exists (select 1 from team_members o where o.team_id = m.team_id and o.user_id <> ${user.id})
        order by t.id limit 1`,
    );
    if (orphaned[0]) {
      throw new AppError(
        'LAST_TEAM_ADMIN',
        `You are the only admin of the team ${orphaned[0].name}. Make another member admin before deleting your account.`,
      );
    }
    // A team's triggers, media and campaigns stay with the team (issue 13): only the person's link goes.
    await tx
      .update(soundTriggers)
      .set({ creatorId: null })
      .where(and(eq(soundTriggers.creatorId, user.id), isNotNull(soundTriggers.teamId)));
    await tx
      .update(mediaFiles)
      .set({ ownerId: null })
      .where(and(eq(mediaFiles.ownerId, user.id), isNotNull(mediaFiles.teamId)));
    const tones = await tx
      .select({ publicId: soundTriggers.publicId })
      .from(soundTriggers)
      .where(eq(soundTriggers.creatorId, user.id));
    const media = await tx
      .select({ metadata: mediaFiles.metadata })
      .from(mediaFiles)
      .where(eq(mediaFiles.ownerId, user.id));
    await tx
      .update(campaigns)
      .set({ ownerId: null })
      .where(and(eq(campaigns.ownerId, user.id), isNotNull(campaigns.teamId)));
    await tx.delete(users).where(eq(users.id, user.id));
    return [
      ...tones.map((t) => triggerToneKey(t.publicId)),
      ...media.map((m) => readMetadata(m.metadata).storageKey).filter((key) => key !== ''),
    ];
  });
  // After the commit: a failed delete leaves an unreferenced file, never a row without its file.
  let files = 0;
  for (const key of keys) {
    await settled(key);
    await store.delete(key).then(
      () => files++,
      () => {},
    );
  }
  return { files };
}
