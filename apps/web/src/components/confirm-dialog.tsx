import { type FormEvent, type ReactNode, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { SubmitButton } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { toast } from '@/hooks/use-toast';

/** What an action resolves to when it refused its own input and showed why: the dialog stays open. */
export const KEEP_OPEN = Symbol('keep the confirmation open');

export interface ConfirmDialogProps {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  /** What is about to go, shown in a box under the description. */
  subject?: ReactNode;
  /** Fields the confirmation asks for (a password, the address typed out). */
  children?: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel?: string;
  /**
   * The destructive call, e.g. a mutation's mutateAsync. Resolving to KEEP_OPEN means it refused
   * its input and showed the reason itself, so no notice and the dialog stays open.
   */
  action: () => Promise<unknown>;
  successNotice: { title: string; description: string };
  /** The failure notice's text (its title is 'Error'). */
  failureMessage: (error: unknown) => string;
  /** Called on opening and closing, e.g. to clear the fields. */
  onOpenChange?: (open: boolean) => void;
  testId?: string;
  confirmTestId?: string;
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
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  action,
  successNotice,
  failureMessage,
  onOpenChange,
  testId,
  confirmTestId,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  function changeOpen(next: boolean) {
    setOpen(next);
    onOpenChange?.(next);
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    try {
      if ((await action()) === KEEP_OPEN) return;
      changeOpen(false);
      toast(successNotice);
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      trigger={trigger}
      title={title}
      description={description}
      onSubmit={confirm}
      contentTestId={testId}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{cancelLabel}</Button>
          </DialogClose>
          <SubmitButton
            variant="destructive"
            pending={pending}
            pendingLabel={pendingLabel}
            data-testid={confirmTestId}
          >
            {confirmLabel}
          </SubmitButton>
        </>
      }
    >
      {subject ? (
        <div className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">{subject}</div>
      ) : null}
      {children}
    </FormDialog>
  );
}
