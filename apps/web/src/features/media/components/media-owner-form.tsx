import type { MediaFile } from '@tonemark/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { OwnerSelect, useTeamAccess } from '@/features/teams';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useMoveMedia } from '../api/move-media';

/**
 * Moves a file between personal and a team (issue 13), for one who may change it. Only this file
 * moves: segments and embeds made from it keep their owner.
 */
export function MediaOwnerForm({ file }: { file: MediaFile }) {
  const access = useTeamAccess();
  const move = useMoveMedia();
  const [teamId, setTeamId] = useState<number | null>(file.teamId);
  if (!access.canWrite(file) || access.writableTeams.length === 0) return null;
  const changed = teamId !== file.teamId;

  function submit(event: FormEvent) {
    event.preventDefault();
    move.mutate(
      { id: file.id, teamId },
      {
        onSuccess: (moved) =>
          toast({
            title: 'Media moved',
            description:
              moved.teamId === null
                ? `${moved.title} is yours alone now.`
                : `${moved.title} now belongs to the team.`,
            variant: 'success',
          }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, 'Could not move the file'),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      data-testid="media-owner-form"
    >
      <div className="min-w-0 flex-1 sm:max-w-sm">
        <OwnerSelect value={teamId} onChange={setTeamId} />
      </div>
      <Button type="submit" variant="outline" disabled={!changed || move.isPending} className="sm:mb-6">
        {move.isPending ? 'Moving…' : 'Move'}
      </Button>
    </form>
  );
}
