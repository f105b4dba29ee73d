import { type Team, type TeamDetail, updateTeamSchema } from '@tonemark/shared';
import { Pencil } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { SubmitButton, TextField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { useDialog } from '@/hooks/use-dialog';
import { useFieldErrors } from '@/hooks/use-field-errors';
import { saveOutcome } from '@/lib/save-outcome';
import { useUpdateTeam } from '../api/teams';

/** Rename a team or change its description (team admins). */
export function RenameTeam({ team }: { team: Team }) {
  const [name, setName] = useState(team.name);
  const [description, setDescription] = useState(team.description ?? '');
  const { errors, setErrors, check } = useFieldErrors();
  const update = useUpdateTeam();

  const dialog = useDialog(() => {
    setName(team.name);
    setDescription(team.description ?? '');
    setErrors({});
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = check(updateTeamSchema, { name, description: description || null });
    if (!input) return;
    update.mutate(
      { id: team.id, input },
      saveOutcome({
        notice: 'Team Updated',
        name: (detail: TeamDetail) => detail.team.name,
        close: dialog.close,
        failure: 'Failed to save',
      }),
    );
  }

  return (
    <FormDialog
      state={dialog}
      trigger={
        <Button variant="outline" size="sm" data-testid="rename-team">
          <Pencil /> Rename
        </Button>
      }
      title="Edit team"
      description="Members see the new name at once."
      onSubmit={submit}
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
