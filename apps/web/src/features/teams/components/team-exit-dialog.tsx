import type { Team } from '@tonemark/shared';
import { LogOut, Trash2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useDeleteTeam, useLeaveTeam } from '../api/teams';

/** The two ways a team leaves your list, side by side: what each button and confirmation says. */
const EXITS = {
  leave: {
    button: { variant: 'outline', className: undefined, icon: <LogOut />, label: 'Leave' },
    title: 'Leave this team?',
    description: () =>
      'You lose access to its triggers, campaigns and media at once. An admin can invite you again.',
    confirmLabel: 'Leave team',
    pendingLabel: 'Leaving…',
    notice: 'Left Team',
    failure: 'Failed to leave the team',
  },
  delete: {
    button: { variant: 'ghost', className: 'text-red-700', icon: <Trash2 />, label: 'Delete' },
    title: 'Delete this team?',
    description: (owned: number) =>
      owned > 0
        ? 'The team still owns triggers, campaigns or media: delete or move them first.'
        : 'Members lose nothing of their own; pending invitations stop working.',
    confirmLabel: 'Delete team',
    pendingLabel: 'Deleting…',
    notice: 'Team Deleted',
    failure: 'Failed to delete the team',
  },
} as const;

/** Leave the team (members) or delete it (admins); `onGone` runs once it is no longer yours. */
export function TeamExitDialog({
  exit,
  team,
  owned = 0,
  onGone,
}: {
  exit: keyof typeof EXITS;
  team: Pick<Team, 'id' | 'name'>;
  /** Triggers, campaigns and media the team owns: deleting is refused until they go. */
  owned?: number;
  onGone: () => void;
}) {
  const leave = useLeaveTeam();
  const del = useDeleteTeam();
  const mutation = exit === 'leave' ? leave : del;
  const { button, ...texts } = EXITS[exit];
  return (
    <ConfirmDialog
      trigger={
        <Button variant={button.variant} size="sm" className={button.className} data-testid={`${exit}-team`}>
          {button.icon} {button.label}
        </Button>
      }
      title={texts.title}
      description={texts.description(owned)}
      subject={team.name}
      confirmLabel={texts.confirmLabel}
      pendingLabel={texts.pendingLabel}
      action={async () => {
        await mutation.mutateAsync(team.id);
        onGone();
      }}
      successNotice={{ title: texts.notice, description: team.name }}
      failureMessage={(e) => errorMessage(e, texts.failure)}
    />
  );
}
