import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from '@/components/ui/toaster';
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

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>{children}</RealtimeProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
