import { type Team, type TeamDetail, updateTeamSchema } from '@tonemark/shared';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { SubmitButton, TextField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { useSaveDialog } from '@/hooks/use-save-dialog';
import { useUpdateTeam } from '../api/teams';

/** Rename a team or change its description (team admins). */
export function RenameTeam({ team }: { team: Team }) {
  const [name, setName] = useState(team.name);
  const [description, setDescription] = useState(team.description ?? '');
  const update = useUpdateTeam();
  const { form, errors } = useSaveDialog({
    noun: 'team',
    editing: true,
    reset: () => {
      setName(team.name);
      setDescription(team.description ?? '');
    },
    input: () => ({ name, description: description || null }),
    schema: updateTeamSchema,
    save: (input, handlers) => update.mutate({ id: team.id, input }, handlers),
    outcome: {
      notice: 'Team Updated',
      name: (detail: TeamDetail) => detail.team.name,
      failure: 'Failed to save',
    },
  });

  return (
    <FormDialog
      form={form}
      trigger={
        <Button variant="outline" size="sm" data-testid="rename-team">
          <Pencil /> Rename
        </Button>
      }
      description="Members see the new name at once."
      footer={
        <SubmitButton pending={update.isPending} pendingLabel="Saving…">
          Save
        </SubmitButton>
      }
    >
      <TextField label="Name" value={name} onChange={setName} error={errors.name} />
      <TextField
        label="Description"
        multiline
        value={description}
        onChange={setDescription}
        error={errors.description}
      />
    </FormDialog>
  );
}
