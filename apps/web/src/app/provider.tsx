import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useToast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { queryConfig, queryKeys } from '@/lib/react-query';
import { RealtimeProvider } from '@/lib/realtime/realtime-provider';

function createQueryClient(): QueryClient {
  // A 401 from any call means the session ended: forget the user so the guard sends them to sign in.
  const onError = (error: Error) => {
    if (error instanceof ApiError && error.status === 401) client.setQueryData(queryKeys.me, null);
  };
  const client: QueryClient = new QueryClient({
    defaultOptions: queryConfig,
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
  });
  return client;
}

// The notice stack (Radix Toast) loads with the first notice, not with every page.
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

function Notices() {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>{children}</RealtimeProvider>
      <Notices />
    </QueryClientProvider>
  );
}
