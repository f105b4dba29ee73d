import { canManageTeam, type TeamDetail, type TeamRole } from '@tonemark/shared';
import { Mail, UserMinus, X } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ItemRow } from '@/components/item-row';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useUser } from '@/features/auth';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-client';
import { toastFailure } from '@/lib/failure-toast';
import { formatLongDate } from '@/lib/format-long-date';
import { useChangeRole, useRemoveMember, useRevokeInvitation } from '../api/teams';
import { InviteForm } from './invite-form';
import { RenameTeam } from './rename-team';
import { TeamExitDialog } from './team-exit-dialog';
import { TeamRoleSelect } from './team-role-select';

const ROLE_TONE = { admin: 'indigo', creator: 'emerald', viewer: 'slate' } as const;

export function RoleBadge({ role }: { role: TeamRole }) {
  return <Badge tone={ROLE_TONE[role]}>{role}</Badge>;
}

/** One team: its members and roles, invitations (admins), leaving and deleting. */
export function TeamPanel({ detail, onGone }: { detail: TeamDetail; onGone: () => void }) {
  const { data: user } = useUser();
  const { team, members, invitations, assets } = detail;
  const manager = user ? canManageTeam(user, team.myRole ?? undefined) : false;
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const revoke = useRevokeInvitation();
  const owned = assets.triggers + assets.campaigns + assets.media;

  function setRole(userId: number, role: TeamRole) {
    changeRole.mutate(
      { id: team.id, userId, role },
      {
        onSuccess: () => toast({ title: 'Role Changed', description: `Now ${role}`, variant: 'success' }),
        onError: (e) => toastFailure(e, 'Failed to change the role'),
      },
    );
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6" data-testid="team-panel">
      <Card>
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <CardTitle className="flex flex-wrap items-center gap-2 text-xl" data-testid="team-name">
              {team.name} {team.myRole ? <RoleBadge role={team.myRole} /> : null}
            </CardTitle>
            <CardDescription>
              {team.memberCount} of {team.memberLimit ?? 'unlimited'} member
              {team.memberLimit === 1 ? '' : 's'} · {assets.triggers} trigger
              {assets.triggers === 1 ? '' : 's'}, {assets.campaigns} campaign
              {assets.campaigns === 1 ? '' : 's'}, {assets.media} media file{assets.media === 1 ? '' : 's'}
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            {manager ? <RenameTeam team={team} /> : null}
            {team.myRole ? <TeamExitDialog exit="leave" team={team} onGone={onGone} /> : null}
            {manager ? <TeamExitDialog exit="delete" team={team} owned={owned} onGone={onGone} /> : null}
          </div>
        </CardHeader>
        <CardContent>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Members</h3>
          <ul className="divide-y divide-slate-100" data-testid="team-members">
            {members.map((member) => {
              const self = member.userId === user?.id;
              return (
                <ItemRow
                  key={member.userId}
                  className="flex-col py-3 sm:flex-row sm:items-center sm:justify-between"
                  testId="team-member"
                  name={
                    <>
                      {member.name} {self ? <span className="text-slate-500">(you)</span> : null}
                    </>
                  }
                  details={
                    <p className="truncate text-xs text-slate-500">
                      {member.email} · joined {formatLongDate(member.joinedAt)}
                    </p>
                  }
                  action={
                    <div className="flex items-center gap-2">
                      {manager ? (
                        <TeamRoleSelect
                          value={member.role}
                          onChange={(role) => setRole(member.userId, role)}
                          className="w-28"
                          aria-label={`Role of ${member.name}`}
                          data-testid="member-role"
                        />
                      ) : (
                        <RoleBadge role={member.role} />
                      )}
                      {manager && !self ? (
                        <ConfirmDialog
                          trigger={
                            <Button
                              variant="ghost"
                              size="icon-sm"
                              aria-label={`Remove ${member.name}`}
                              data-testid="remove-member"
                            >
                              <UserMinus />
                            </Button>
                          }
                          title="Remove this member?"
                          description="They lose access to the team’s triggers, campaigns and media at once."
                          subject={`${member.name} (${member.email})`}
                          confirmLabel="Remove"
                          pendingLabel="Removing…"
                          action={() => remove.mutateAsync({ id: team.id, userId: member.userId })}
                          successNotice={{ title: 'Member Removed', description: member.email }}
                          failureMessage={(e) => errorMessage(e, 'Failed to remove the member')}
                        />
                      ) : null}
                    </div>
                  }
                />
              );
            })}
          </ul>
        </CardContent>
      </Card>

      {manager ? (
        <Card>
          <CardHeader>
            <CardTitle>Invite people</CardTitle>
            <CardDescription>New members join as viewers unless you choose another role.</CardDescription>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-6">
            <InviteForm teamId={team.id} />
            <div>
              <h3 className="mb-2 text-sm font-semibold text-slate-900">Pending invitations</h3>
              {invitations.length === 0 ? (
                <p className="text-sm text-slate-500">None.</p>
              ) : (
                <ul className="divide-y divide-slate-100" data-testid="team-invitations">
                  {invitations.map((invitation) => (
                    <li key={invitation.id} className="flex items-center justify-between gap-2 py-2">
                      <div className="min-w-0 text-sm">
                        <p className="flex min-w-0 items-center gap-1.5 text-slate-900">
                          <Mail className="size-3.5 shrink-0 text-slate-400" />
                          <span className="truncate" title={invitation.email ?? undefined}>
                            {invitation.email ?? 'Link invitation'}
                          </span>
                          <RoleBadge role={invitation.role} />
                        </p>
                        <p className="text-xs text-slate-500">
                          Expires {formatLongDate(invitation.expiresAt)}
                        </p>
                      </div>
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() =>
                          revoke.mutate(
                            { id: team.id, invitationId: invitation.id },
                            {
                              onSuccess: () =>
                                toast({
                                  title: 'Invitation Revoked',
                                  description: invitation.email ?? 'Link',
                                }),
                              onError: (e) => toastFailure(e, 'Failed to revoke'),
                            },
                          )
                        }
                      >
                        <X /> Revoke
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
