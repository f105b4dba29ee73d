import { createTeamSchema, type Team } from '@tonemark/shared';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Field, SubmitButton } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { toastFailure } from '@/lib/failure-toast';
import { fieldErrorsFromZod } from '@/lib/field-errors';
import { useCreateTeam } from '../api/teams';

/** Name a new team; its creator becomes its admin. */
export function CreateTeamForm({ onCreated }: { onCreated: (team: Team) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const create = useCreateTeam();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createTeamSchema.safeParse({ name });
    if (!parsed.success) {
      setError(fieldErrorsFromZod(parsed.error).name);
      return;
    }
    setError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (detail) => {
        setName('');
        toast({ title: 'Team Created', description: detail.team.name, variant: 'success' });
        onCreated(detail.team);
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.fields.name) setError(failure.fields.name);
        toastFailure(failure, 'Failed to create the team');
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate data-testid="create-team-form">
      <Field label="New team" error={error} className="grid gap-2">
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              placeholder="e.g. Radio campaigns"
              className="min-w-0 flex-1"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            <SubmitButton
              pending={create.isPending}
              pendingLabel="Creating…"
              icon={<Plus />}
              data-testid="create-team"
            >
              Create
            </SubmitButton>
          </div>
        )}
      </Field>
    </form>
  );
}
