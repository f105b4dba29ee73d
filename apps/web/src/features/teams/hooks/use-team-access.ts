import { canWriteAsset, type OwnedAsset, type Team, type TeamRole } from '@tonemark/shared';
import { useMemo } from 'react';
import { useUser } from '@/features/auth';
import { useTeams } from '../api/teams';

export interface TeamAccess {
  teams: Team[];
  /** Team id -> name, for the owner badges of lists. */
  teamName: (teamId: number | null) => string | undefined;
  /** The same rule the server applies (canWriteAsset in @tonemark/shared). */
  canWrite: (asset: OwnedAsset) => boolean;
  /** The account's role may create assets (admins and creators): the same rule, on a personal asset of its own. */
  canCreate: boolean;
  /** Teams the account may create assets in (team admin or creator). */
  writableTeams: Team[];
}

/** What the signed-in account may do with personal and team assets, for hiding what it cannot. */
export function useTeamAccess(): TeamAccess {
  const { data: user } = useUser();
  const { data: teams = [] } = useTeams(Boolean(user));
  return useMemo(() => {
    const roles = new Map<number, TeamRole>(
      teams.flatMap((t) => (t.myRole ? [[t.id, t.myRole] as const] : [])),
    );
    const names = new Map(teams.map((t) => [t.id, t.name]));
    const actor = user ? { id: user.id, role: user.role } : undefined;
    const canWrite = (asset: OwnedAsset) => (actor ? canWriteAsset(actor, asset, roles) : false);
    return {
      teams,
      teamName: (teamId) => (teamId === null ? undefined : names.get(teamId)),
      canWrite,
      canCreate: actor ? canWrite({ ownerId: actor.id, teamId: null }) : false,
      writableTeams: teams.filter((t) => canWrite({ ownerId: null, teamId: t.id })),
    };
  }, [teams, user]);
}
