import { createTeamSchema, type Team } from '@tonemark/shared';
import { Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { fieldErrorsFromZod } from '@/lib/field-errors';
import { useCreateTeam } from '../api/teams';

/** Name a new team; its creator becomes its admin. */
export function CreateTeamForm({ onCreated }: { onCreated: (team: Team) => void }) {
  const id = useId();
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
        toast({
          title: 'Error',
          description: errorMessage(failure, 'Failed to create the team'),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <form className="grid gap-2" onSubmit={submit} noValidate data-testid="create-team-form">
      <Label htmlFor={`${id}-name`}>New team</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-name`}
          placeholder="e.g. Radio campaigns"
          className="min-w-0 flex-1"
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-name-error` : undefined}
        />
        <Button type="submit" disabled={create.isPending} data-testid="create-team">
          <Plus /> {create.isPending ? 'Creating…' : 'Create'}
        </Button>
      </div>
      <FieldError id={`${id}-name-error`} message={error} />
    </form>
  );
}
