import { type Team, updateTeamSchema } from '@tonemark/shared';
import { Pencil } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FieldError, Input, Label, Textarea } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-client';
import { fieldErrorsFromZod } from '@/lib/field-errors';
import { useUpdateTeam } from '../api/teams';

/** Rename a team or change its description (team admins). */
export function RenameTeam({ team }: { team: Team }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(team.name);
  const [description, setDescription] = useState(team.description ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateTeam();

  function changeOpen(next: boolean) {
    if (next) {
      setName(team.name);
      setDescription(team.description ?? '');
      setErrors({});
    }
    setOpen(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = updateTeamSchema.safeParse({ name, description: description || null });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    update.mutate(
      { id: team.id, input: parsed.data },
      {
        onSuccess: (detail) => {
          toast({ title: 'Team Updated', description: detail.team.name, variant: 'success' });
          setOpen(false);
        },
        onError: (e) =>
          toast({ title: 'Error', description: errorMessage(e, 'Failed to save'), variant: 'destructive' }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" data-testid="rename-team">
          <Pencil /> Rename
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit team</DialogTitle>
          <DialogDescription>Members see the new name at once.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} />
            <FieldError id={`${id}-name-error`} message={errors.name} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-description`}>Description</Label>
            <Textarea
              id={`${id}-description`}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
            <FieldError id={`${id}-description-error`} message={errors.description} />
          </div>
          <DialogFooter>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
