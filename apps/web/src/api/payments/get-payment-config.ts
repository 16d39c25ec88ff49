import type { PaymentsConfig } from '@bazaar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as paymentsEndpoints from '../endpoints/payments';

/** `paymentsApi.getPaymentsConfig` (public): whether online payment is offered, and its key id. */
export function getPaymentConfig(signal?: AbortSignal): Promise<PaymentsConfig> {
  return callApi(paymentsEndpoints.getPaymentsConfig, { signal });
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
