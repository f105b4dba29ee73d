import type { OwnerFilter } from '@tonemark/shared';
import { Users } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useTeamAccess } from '../hooks/use-team-access';

const PERSONAL = 'personal';

/**
 * "Owner: Personal / Team X" in create forms (issue 13). Shown only when the account can create in
 * at least one team; null is the creator's own.
 */
export function OwnerSelect({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (teamId: number | null) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const { writableTeams } = useTeamAccess();
  if (writableTeams.length === 0) return null;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Owner</Label>
      <Select
        value={value === null ? PERSONAL : String(value)}
        onValueChange={(v) => onChange(v === PERSONAL ? null : Number(v))}
      >
        <SelectTrigger id={id} data-testid="owner-select" aria-invalid={error ? true : undefined}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={PERSONAL}>Personal</SelectItem>
          {writableTeams.map((team) => (
            <SelectItem key={team.id} value={String(team.id)}>
              Team {team.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p className="text-xs text-slate-500">
        {value === null
          ? 'Only you can see and change it.'
          : 'Every member of the team sees it; admins and creators change it.'}
      </p>
      {error ? <p className="text-xs text-red-600">{error}</p> : null}
    </div>
  );
}

/** Which owner a row belongs to, in lists: the team's name, or nothing for one's own. */
export function OwnerBadge({ teamId }: { teamId: number | null }) {
  const { teamName } = useTeamAccess();
  if (teamId === null) return null;
  return (
    <Badge tone="violet" data-testid="owner-badge" title="Belongs to a team">
      <Users className="size-3" /> {teamName(teamId) ?? 'Team'}
    </Badge>
  );
}

/** List filter: all, personal, or one team. Hidden for accounts in no team. */
export function OwnerFilterSelect({
  value,
  onChange,
}: {
  value: OwnerFilter;
  onChange: (value: OwnerFilter) => void;
}) {
  const { teams } = useTeamAccess();
  if (teams.length === 0) return null;
  return (
    <Select
      value={value === undefined ? 'all' : String(value)}
      onValueChange={(v) => onChange(v === 'all' ? undefined : v === PERSONAL ? PERSONAL : Number(v))}
    >
      <SelectTrigger className="w-full sm:w-44" aria-label="Filter by owner" data-testid="owner-filter">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="all">All owners</SelectItem>
        <SelectItem value={PERSONAL}>Personal</SelectItem>
        {teams.map((team) => (
          <SelectItem key={team.id} value={String(team.id)}>
            Team {team.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
