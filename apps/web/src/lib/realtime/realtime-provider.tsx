import { useQueryClient } from '@tanstack/react-query';
import type { ServerMessage } from '@tonemark/shared';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { queryKeys } from '@/lib/react-query';
import { RealtimeClient, type RealtimeStatus } from './realtime-client';
import { realtimeUrl } from './reconnect-policy';

const RealtimeContext = createContext<RealtimeClient | null>(null);

function createBrowserClient(): RealtimeClient {
  return new RealtimeClient({
    url: realtimeUrl(window.location),
    createSocket: (url) => new WebSocket(url),
  });
}

/** The server tells a socket's owner by the session cookie sent when it opened, so a new session needs a new socket. */
function useReconnectOnUserChange(client: RealtimeClient) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let lastUserId: number | null | undefined;
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryKey[0] !== queryKeys.me[0]) return;
      const data: unknown = event.query.state.data;
      if (data === undefined) return;
      const userId = typeof data === 'object' && data !== null && 'id' in data ? Number(data.id) : null;
      if (lastUserId !== undefined && userId !== lastUserId) client.restart();
      lastUserId = userId;
    });
  }, [client, queryClient]);
}

/** One shared /ws connection for the whole app (SPEC §4: connects on load). */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createBrowserClient);
  useEffect(() => {
    client.connect();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') client.resume();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      client.disconnect();
    };
  }, [client]);
  useReconnectOnUserChange(client);
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('useRealtime needs a RealtimeProvider');
  return client;
}

export function useRealtimeStatus(): RealtimeStatus {
  const client = useRealtime();
  return useSyncExternalStore(
    (notify) => client.onStatus(notify),
    () => client.status,
  );
}

/** Calls `handler` for every parsed server message while the component is mounted. */
export function useRealtimeMessages(handler: (message: ServerMessage) => void): void {
  const client = useRealtime();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => client.subscribe((message) => latest.current(message)), [client]);
}
