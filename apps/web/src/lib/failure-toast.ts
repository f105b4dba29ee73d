import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-client';

/** The red 'Error' notice of a failed call: the server's own text, else the screen's fallback. */
export function toastFailure(error: unknown, fallback: string) {
  toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });
}
