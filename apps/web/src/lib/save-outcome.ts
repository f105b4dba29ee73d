import { toast } from '@/hooks/use-toast';
import { toastFailure } from '@/lib/failure-toast';

export interface SaveOutcome<T> {
  /** The success notice's title, e.g. 'Campaign Created'. */
  notice: string;
  /** What the notice names: the saved item's name as the server answered it. */
  name: (saved: T) => string;
  close: () => void;
  /** The failure notice's text when the server gives none. */
  failure: string;
  showServerErrors?: (error: unknown) => void;
  onSaved?: ((saved: T) => void) | undefined;
}

/** A mutation's callbacks (TanStack Query's onSuccess and onError). */
export interface SaveHandlers<T> {
  onSuccess: (saved: T) => void;
  onError: (error: Error) => void;
}

/**
 * A form dialog's answer to its save call, as mutation callbacks: on success the green notice
 * naming what was saved, the dialog closed, then the caller's follow-up; on failure the server's
 * field messages under the fields (where the form shows them) and the red notice.
 */
export function saveOutcome<T>({
  notice,
  name,
  close,
  failure,
  showServerErrors,
  onSaved,
}: SaveOutcome<T>): SaveHandlers<T> {
  return {
    onSuccess: (saved: T) => {
      toast({ title: notice, description: name(saved), variant: 'success' });
      close();
      onSaved?.(saved);
    },
    onError: (error: Error) => {
      showServerErrors?.(error);
      toastFailure(error, failure);
    },
  };
}
