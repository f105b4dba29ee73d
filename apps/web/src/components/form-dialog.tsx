import type { ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import type { DialogState } from '@/hooks/use-dialog';

/**
 * What a FormDialog runs: its open state, its title and what submitting does. useSaveDialog gives
 * it for a create-or-edit form; a dialog with its own flow (an upload, a confirmation) builds one.
 */
export interface DialogForm {
  /** From useDialog, or a caller's own when closing must sometimes be refused. */
  state: DialogState;
  title: ReactNode;
  /** Runs on submit. The form never navigates: FormDialog stops the browser's own submit. */
  submit: () => void;
  testId?: string;
}

export interface FormDialogProps {
  form: DialogForm;
  /** The button that opens the dialog. */
  trigger: ReactNode;
  description: ReactNode;
  /** The fields. */
  children: ReactNode;
  /** The buttons under the fields; the submit button among them submits the form. */
  footer: ReactNode;
  contentClassName?: string;
  contentTestId?: string;
}

/**
 * A dialog holding one form: title and description, the fields, the buttons. The caller owns the
 * open state (useDialog), because what an opening resets (the values as they are now, the last
 * errors) differs per form.
 */
export function FormDialog({
  form,
  trigger,
  description,
  children,
  footer,
  contentClassName,
  contentTestId,
}: FormDialogProps) {
  return (
    <Dialog open={form.state.open} onOpenChange={form.state.onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className={contentClassName} data-testid={contentTestId}>
        <DialogHeader>
          <DialogTitle>{form.title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            form.submit();
          }}
          noValidate
          data-testid={form.testId}
        >
          {children}
          <DialogFooter>{footer}</DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
