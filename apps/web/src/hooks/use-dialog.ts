import { useState } from 'react';

/** A dialog's open state for FormDialog; `onOpening` resets the form each time it opens. */
export function useDialog(onOpening?: () => void) {
  const [open, setOpen] = useState(false);
  function onOpenChange(next: boolean) {
    if (next) onOpening?.();
    setOpen(next);
  }
  return { open, onOpenChange, close: () => setOpen(false) };
}

export type DialogState = Pick<ReturnType<typeof useDialog>, 'open' | 'onOpenChange'>;
