import { Users } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/get-me';
import { useTeam, useTeams } from '@/features/teams/api/teams';
import { CreateTeamForm } from '@/features/teams/components/create-team-form';
import { RoleBadge, TeamPanel } from '@/features/teams/components/team-panel';
import { cn } from '@/lib/cn';

/** /admin/teams (issue 13): the account's teams, members with roles, invitations. */
export function TeamsRoute() {
  const { data: user } = useUser();
  const [params, setParams] = useSearchParams();
  const { data: teams, isPending, isError, error } = useTeams();
  const chosen = Number(params.get('team'));
  const selectedId = teams?.some((t) => t.id === chosen) ? chosen : teams?.[0]?.id;
  const { data: detail, isPending: detailPending } = useTeam(selectedId);
  const select = (id: number | undefined) =>
    setParams(id === undefined ? {} : { team: String(id) }, { replace: true });

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Teams"
        description="Share triggers, campaigns and media with the people you work with."
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[18rem_1fr]">
        <div className="grid min-w-0 content-start gap-4">
          {user?.role === 'viewer' ? null : (
            <Card className="p-4">
              <CreateTeamForm onCreated={(team) => select(team.id)} />
            </Card>
          )}
          {isPending ? (
            <Spinner className="mx-auto size-6" label="Loading teams" />
          ) : isError ? (
            <Card className="p-4 text-sm text-red-700">{error.message}</Card>
          ) : teams.length === 0 ? (
            <Card className="flex flex-col items-center gap-2 p-6 text-center" data-testid="teams-empty">
              <span className="flex size-10 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
                <Users className="size-5" />
              </span>
              <p className="font-medium text-slate-900">No teams yet</p>
              <p className="text-sm text-slate-500">
                Create one, or open an invitation link a colleague sent you.
              </p>
            </Card>
          ) : (
            <nav aria-label="Your teams">
              <ul className="grid gap-2" data-testid="team-list">
                {teams.map((team) => (
                  <li key={team.id}>
                    <button
                      type="button"
                      onClick={() => select(team.id)}
                      aria-current={team.id === selectedId ? 'page' : undefined}
                      className={cn(
                        'flex w-full items-center justify-between gap-2 rounded-lg border px-3 py-2 text-left text-sm',
                        team.id === selectedId
                          ? 'border-indigo-300 bg-indigo-50 text-indigo-900'
                          : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50',
                      )}
                    >
                      <span className="min-w-0">
                        <span className="block truncate font-medium">{team.name}</span>
                        <span className="text-xs text-slate-500">
                          {team.memberCount} member{team.memberCount === 1 ? '' : 's'}
                        </span>
                      </span>
                      {team.myRole ? <RoleBadge role={team.myRole} /> : null}
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
        <div className="min-w-0">
          {selectedId === undefined ? null : detailPending || !detail ? (
            <Spinner className="mx-auto size-6" label="Loading team" />
          ) : (
            <TeamPanel detail={detail} onGone={() => select(undefined)} />
          )}
        </div>
      </div>
    </div>
  );
}
