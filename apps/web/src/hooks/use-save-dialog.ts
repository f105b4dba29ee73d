import type { ZodType, ZodTypeDef } from 'zod';
import type { DialogForm } from '@/components/form-dialog';
import { type SaveHandlers, type SaveOutcome, saveOutcome } from '@/lib/save-outcome';
import { useDialog } from './use-dialog';
import { useFieldErrors } from './use-field-errors';

export interface SaveDialogOptions<Input, Saved> {
  /** What the dialog saves: 'campaign' titles it "New campaign" or "Edit campaign". */
  noun: string;
  /** True when it edits an item that exists, false when it creates one. */
  editing: boolean;
  /** Puts the fields back to the item as it is now; runs at every opening, with the errors cleared. */
  reset: () => void;
  /** The request body, from the fields. */
  input: () => Input;
  /** The shared contract the body must pass before anything is sent. */
  schema: ZodType<unknown, ZodTypeDef, unknown>;
  /** Sends the checked body; `handlers` are the mutation's callbacks. */
  save: (input: Input, handlers: SaveHandlers<Saved>) => void;
  /** The notices and the follow-up (lib/save-outcome.ts). */
  outcome: Omit<SaveOutcome<Saved>, 'close' | 'showServerErrors'>;
}

/**
 * A create-or-edit dialog's flow, the same for every such form: each opening starts from the item
 * as it is now (it may have changed since the last opening, and saving stale values would undo
 * that) with no errors; a submit checks the body against the contract, shows its messages under
 * the fields or sends it; the answer closes the dialog with a green notice, or puts the server's
 * messages under the fields with a red one. `form` is what FormDialog takes.
 */
export function useSaveDialog<Input, Saved>(options: SaveDialogOptions<Input, Saved>) {
  const { errors, setErrors, check, showServerErrors } = useFieldErrors();
  const dialog = useDialog(() => {
    options.reset();
    setErrors({});
  });

  function submit() {
    const input = options.input();
    if (!check(options.schema, input)) return;
    options.save(input, saveOutcome({ ...options.outcome, close: dialog.close, showServerErrors }));
  }

  const form: DialogForm = {
    state: dialog,
    title: `${options.editing ? 'Edit' : 'New'} ${options.noun}`,
    submit,
    testId: `${options.noun}-form`,
  };
  return { form, errors, setErrors, close: dialog.close };
}
