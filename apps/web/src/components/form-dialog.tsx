import type { FormEvent, ReactNode } from 'react';
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

export interface FormDialogProps {
  /** From useDialog, or a caller's own when closing must sometimes be refused. */
  state: DialogState;
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The fields. */
  children: ReactNode;
  /** The buttons under the fields; the submit button among them submits the form. */
  footer: ReactNode;
  contentClassName?: string;
  contentTestId?: string;
  formTestId?: string;
}

/**
 * A dialog holding one form: title and description, the fields, the buttons. The caller owns the
 * open state (useDialog), because what an opening resets (the values as they are now, the last
 * errors) differs per form.
 */
export function FormDialog({
  state,
  trigger,
  title,
  description,
  onSubmit,
  children,
  footer,
  contentClassName,
  contentTestId,
  formTestId,
}: FormDialogProps) {
  return (
    <Dialog open={state.open} onOpenChange={state.onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className={contentClassName} data-testid={contentTestId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate data-testid={formTestId}>
          {children}
          <DialogFooter>{footer}</DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
