import { type ReactNode, useState } from 'react';
import { type DialogForm, FormDialog, type FormDialogProps } from '@/components/form-dialog';
import { SubmitButton } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { useDialog } from '@/hooks/use-dialog';
import { toast } from '@/hooks/use-toast';

/** What an action resolves to when it refused its own input and showed why: the dialog stays open. */
export const KEEP_OPEN = Symbol('keep the confirmation open');

export interface ConfirmDialogProps extends Pick<FormDialogProps, 'trigger' | 'description'> {
  title: DialogForm['title'];
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
  subject,
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  action,
  successNotice,
  failureMessage,
  testId,
  confirmTestId,
  title,
  ...frame
}: ConfirmDialogProps) {
  const dialog = useDialog();
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    try {
      if ((await action()) === KEEP_OPEN) return;
      dialog.close();
      toast(successNotice);
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  return (
    <FormDialog
      {...frame}
      form={{ state: dialog, title, submit: () => void confirm() }}
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
