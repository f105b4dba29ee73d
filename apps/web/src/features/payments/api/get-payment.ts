import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PaymentSummary, paymentListSchema, paymentSummarySchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';

/** GET /api/payments/:id → the payment's own status, as the server knows it. */
export function getPayment(id: string): Promise<PaymentSummary> {
  return apiRequest(`/api/payments/${encodeURIComponent(id)}`, paymentSummarySchema);
}

export const getPaymentQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['payment', id], queryFn: () => getPayment(id), retry: false });

export function usePayment(id: string | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...getPaymentQueryOptions(id ?? ''),
    enabled: Boolean(id) && (options.enabled ?? true),
  });
}

/** GET /api/payments → succeeded payments, newest first: the receipts. */
export const getReceiptsQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'receipts'],
    queryFn: async () => (await apiRequest('/api/payments', paymentListSchema)).payments,
  });

export function useReceipts() {
  return useQuery(getReceiptsQueryOptions());
}
