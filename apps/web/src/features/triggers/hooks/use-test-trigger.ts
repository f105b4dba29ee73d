import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-client';
import { ERROR_TEXTS } from '@/lib/error-texts';
import { useSimulateTriggerMutation } from '../api/simulate-trigger';

/** The Test buttons: simulate, then 'Success' or a destructive 'Error' notice (SPEC §8). */
export function useTestTrigger() {
  const mutation = useSimulateTriggerMutation();
  const testTrigger = (id: number) =>
    mutation.mutate(id, {
      onSuccess: () => toast({ title: 'Success', description: 'Trigger simulation sent to mobile app' }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, ERROR_TEXTS.simulateFailed),
          variant: 'destructive',
        }),
    });
  return { testTrigger, pendingId: mutation.isPending ? mutation.variables : undefined };
}
