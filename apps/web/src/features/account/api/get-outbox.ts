import { queryOptions, useQuery } from '@tanstack/react-query';
import { outboxResponseSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';

/** GET /api/admin/outbox: the e-mail kept under DATA_DIR when no SMTP server is configured. */
export const getOutboxQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'outbox'],
    queryFn: () => apiRequest('/api/admin/outbox', outboxResponseSchema),
    refetchOnMount: 'always',
  });

export const useOutbox = (enabled: boolean) => useQuery({ ...getOutboxQueryOptions(), enabled });
