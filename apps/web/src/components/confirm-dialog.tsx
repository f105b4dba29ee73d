import { type ReactNode, useState } from 'react';
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

export interface ConfirmDialogProps {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  /** What is about to go, shown in a box under the description. */
  subject: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  /** The destructive call, e.g. a mutation's mutateAsync. */
  action: () => Promise<unknown>;
  successNotice: { title: string; description: string };
  /** The failure notice's text (its title is 'Error'). */
  failureMessage: (error: unknown) => string;
  testId?: string;
}

/**
 * A destructive action asked twice: Cancel, or the red confirm button (disabled while it runs).
 * The outcome is awaited here rather than through per-call mutation callbacks: deleting an item
 * usually unmounts the row that holds this dialog, and such callbacks never run after an unmount,
 * which would swallow the notice.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  subject,
  confirmLabel,
  pendingLabel,
  action,
  successNotice,
  failureMessage,
  testId,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    try {
      await action();
      setOpen(false);
      toast(successNotice);
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">{subject}</div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
