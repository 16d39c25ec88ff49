import type { FailedRefunds, Refund } from '@bazaar/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as refundsEndpoints from '../endpoints/refunds';

/** Query keys of the admin's refunds (docs/refunds.md "Retrying a failed refund"). */
export const refundKeys = {
  all: ['refunds'] as const,
  failed: () => ['refunds', 'failed'] as const,
};

/** `refundsApi.listFailedRefunds` (admin): online refunds Razorpay refused, oldest first. */
export function useFailedRefunds() {
  return useQuery(
    queryOptions({
      queryKey: refundKeys.failed(),
      queryFn: ({ signal }): Promise<FailedRefunds> =>
        callApi(refundsEndpoints.listFailedRefunds, { signal }),
    }),
  );
}

/**
 * `refundsApi.retryRefund` (admin): asks Razorpay again for a failed refund; the list reloads
 * either way (a 409 means someone retried it first). 404; 409 REFUND_NOT_FAILED.
 */
export function useRetryRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (refundId: number): Promise<Refund> =>
      callApi(refundsEndpoints.retryRefund, { params: { refundId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: refundKeys.all }),
  });
}
