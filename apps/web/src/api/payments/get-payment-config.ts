import type { PaymentsConfig } from '@bazaar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client';

/** `GET /api/payments/config` (public): whether online payment is offered, and its key id. */
export function getPaymentConfig(signal?: AbortSignal): Promise<PaymentsConfig> {
  return apiFetch<PaymentsConfig>('/api/payments/config', { signal });
}

/** The payment config query; it changes only with a deploy, so it is read once a session. */
export function paymentConfigQueryOptions() {
  return queryOptions({
    queryKey: ['payments', 'config'] as const,
    queryFn: ({ signal }) => getPaymentConfig(signal),
    staleTime: Infinity,
  });
}

/** Whether checkout may offer "Pay online". */
export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}
