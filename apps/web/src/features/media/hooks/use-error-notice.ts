import { useEffect } from 'react';
import { toast } from '@/hooks/use-toast';

/** Raises a destructive notice once each time a query turns to error (SPEC §8 load failures). */
export function useErrorNotice(isError: boolean, title: string, description?: string) {
  useEffect(() => {
    if (isError) toast({ title, description, variant: 'destructive' });
  }, [isError, title, description]);
}
