import type { AbTest, AudienceSegment, Campaign, MediaFile, Team, Trigger } from '@tonemark/shared';
import type { APIRequestContext } from 'playwright-core';

// What a test may leave behind, read through the admin's eyes (the admin lists every account's
// triggers, media, A/B tests and segments), and how to remove it in the order the server allows.

/** The kinds of row a test can make, in the order they must be deleted in. */
export const DELETION_ORDER = ['abTests', 'triggers', 'segments', 'media', 'campaigns'] as const;
// - A/B tests first: their variants name triggers; deleting a trigger drops its variants but leaves
//   the test itself behind, empty.
// - Triggers before segments: a segment that a trigger targets is refused (409 SEGMENT_IN_USE)
//   until the trigger is deleted or no longer targets it.
// - Campaigns last, once their triggers and tests are gone: a campaign is archived, never deleted
//   (activations keep their campaign for reporting), so an archived campaign counts as removed.
export type Kind = (typeof DELETION_ORDER)[number];

interface Row {
  id: number;
  /** The account it belongs to; null when the list does not say (segments) or a team holds it. */
  ownerId: number | null;
  teamId: number | null;
}
export type Rows = Record<Kind, Row[]>;

async function list<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  if (response.status() !== 200)
    throw new Error(`GET ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Every row of each kind that `request`'s account can list (for the admin: every account's, campaigns aside). */
export async function listRows(request: APIRequestContext): Promise<Rows> {
  const [tests, triggers, segments, media, campaigns] = await Promise.all([
    list<{ tests: AbTest[] }>(request, '/api/ab-tests'),
    list<Trigger[]>(request, '/api/triggers'),
    list<{ segments: AudienceSegment[] }>(request, '/api/segments'),
    list<MediaFile[]>(request, '/api/media'),
    list<Campaign[]>(request, '/api/campaigns'),
  ]);
  return {
    abTests: tests.tests.map((t) => ({ id: t.id, ownerId: t.ownerId, teamId: t.teamId })),
    triggers: triggers.map((t) => ({ id: t.id, ownerId: t.creatorId, teamId: t.teamId })),
    segments: segments.segments.map((s) => ({ id: s.id, ownerId: null, teamId: null })),
    media: media.map((m) => ({ id: m.id, ownerId: m.ownerId, teamId: m.teamId })),
    campaigns: campaigns
      .filter((c) => c.status !== 'archived')
      .map((c) => ({ id: c.id, ownerId: c.ownerId, teamId: c.teamId })),
  };
}

/** The rows of `now` that `before` did not have, per kind. */
export function newRows(before: Rows, now: Rows): Rows {
  const added = (kind: Kind) => {
    const seen = new Set(before[kind].map((row) => row.id));
    return now[kind].filter((row) => !seen.has(row.id));
  };
  return {
    abTests: added('abTests'),
    triggers: added('triggers'),
    segments: added('segments'),
    media: added('media'),
    campaigns: added('campaigns'),
  };
}

const PATHS: Record<Kind, string> = {
  abTests: '/api/ab-tests',
  triggers: '/api/triggers',
  segments: '/api/segments',
  media: '/api/media',
  campaigns: '/api/campaigns',
};

/** Deletes `rows` in DELETION_ORDER; a row already gone with what it belonged to (404) is fine. */
export async function deleteRows(request: APIRequestContext, rows: Rows): Promise<void> {
  for (const kind of DELETION_ORDER) {
    // Archiving answers with the campaign (200); every other delete with 204.
    const removed = kind === 'campaigns' ? 200 : 204;
    for (const { id } of rows[kind]) {
      const response = await request.delete(`${PATHS[kind]}/${id}`);
      if (response.status() !== removed && response.status() !== 404)
        throw new Error(`DELETE ${PATHS[kind]}/${id}: ${response.status()} ${await response.text()}`);
    }
  }
}

/**
 * Deletes the teams `request`'s account administers. A team is deleted only when empty (409
 * TEAM_NOT_EMPTY, counting archived campaigns), and an account is not deleted while it is the last
 * admin of a team others belong to, so the team goes first: its A/B tests, triggers and media are
 * deleted, its campaigns go back to their makers (deleted with their accounts), then the team.
 */
export async function deleteAdministeredTeams(request: APIRequestContext): Promise<void> {
  const { teams } = await list<{ teams: Team[] }>(request, '/api/teams');
  const administered = teams.filter((team) => team.myRole === 'admin');
  if (administered.length === 0) return;
  // Archived campaigns count towards "not empty" too, so they are listed as well.
  const [rows, campaigns] = await Promise.all([
    listRows(request),
    list<Campaign[]>(request, '/api/campaigns'),
  ]);
  for (const team of administered) {
    const ofTeam = (row: { teamId: number | null }) => row.teamId === team.id;
    await deleteRows(request, {
      abTests: rows.abTests.filter(ofTeam),
      triggers: rows.triggers.filter(ofTeam),
      segments: [],
      media: rows.media.filter(ofTeam),
      campaigns: [],
    });
    for (const campaign of campaigns.filter(ofTeam)) {
      const moved = await request.patch(`/api/campaigns/${campaign.id}`, { data: { teamId: null } });
      if (moved.status() !== 200)
        throw new Error(
          `move campaign ${campaign.id} out of team ${team.id}: ${moved.status()} ${await moved.text()}`,
        );
    }
    const deleted = await request.delete(`/api/teams/${team.id}`);
    if (deleted.status() !== 204)
      throw new Error(`DELETE /api/teams/${team.id}: ${deleted.status()} ${await deleted.text()}`);
  }
}

/** "abTests 3, 4; segments 7", or '' when nothing is there. */
export function describeRows(rows: Rows): string {
  return DELETION_ORDER.filter((kind) => rows[kind].length > 0)
    .map((kind) => `${kind} ${rows[kind].map((row) => row.id).join(', ')}`)
    .join('; ');
}
