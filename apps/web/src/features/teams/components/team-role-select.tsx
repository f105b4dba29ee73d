import { TEAM_ROLES, type TeamRole } from '@tonemark/shared';
import type { ComponentProps } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

function isTeamRole(value: string): value is TeamRole {
  return (TEAM_ROLES as readonly string[]).includes(value);
}

/** Admin, creator or viewer; the trigger's props carry its label, test id and width. */
export function TeamRoleSelect({
  value,
  onChange,
  ...triggerProps
}: { value: TeamRole; onChange: (role: TeamRole) => void } & Omit<
  ComponentProps<typeof SelectTrigger>,
  'value' | 'onChange'
>) {
  return (
    <Select value={value} onValueChange={(next) => isTeamRole(next) && onChange(next)}>
      <SelectTrigger {...triggerProps}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {TEAM_ROLES.map((role) => (
          <SelectItem key={role} value={role}>
            {role}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
