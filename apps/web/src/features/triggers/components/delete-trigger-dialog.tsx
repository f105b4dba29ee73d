import { ERROR_TEXTS, type Trigger } from '@tonemark/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { toast } from '@/hooks/use-toast';
import { useDeleteTrigger } from '../api/delete-trigger';

/** Delete with the confirmation of SPEC §5 and the notices of SPEC §8. */
export function DeleteTriggerDialog({ trigger }: { trigger: Pick<Trigger, 'id' | 'name'> }) {
  const [open, setOpen] = useState(false);
  const deleteMutation = useDeleteTrigger();

  function confirm() {
    deleteMutation.mutate(trigger.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'Trigger deleted successfully', description: `"${trigger.name}" was removed.` });
      },
      onError: () => {
        toast({ title: 'Error', description: ERROR_TEXTS.deleteTriggerFailed, variant: 'destructive' });
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Delete ${trigger.name}`}
          title="Delete"
          className="text-slate-500 hover:bg-red-50 hover:text-red-600"
          data-testid="delete-trigger"
        >
          <Trash2 />
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="delete-trigger-dialog">
        <DialogHeader>
          <DialogTitle>Delete trigger</DialogTitle>
          <DialogDescription>{ERROR_TEXTS.deleteConfirm}</DialogDescription>
        </DialogHeader>
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm font-medium text-slate-700">{trigger.name}</p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={deleteMutation.isPending}>
            {deleteMutation.isPending ? 'Deleting…' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
