import type { BillDetail } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as billsEndpoints from '../endpoints/bills';
import { billsChanged } from './bill-keys';

/**
 * Cancels a bill (`billsApi.cancelBill`, `POST /api/bills/{billId}/cancel`, admin only) with a
 * reason of 5-500 characters: its stock goes back, its payments are recorded as refunded, and
 * its invoice keeps its number marked CANCELLED (docs/gst.md "Cancelling a bill").
 * @returns the cancelled bill (status 'cancelled', cancelReason, refundedPaise).
 * @throws ApiError 403 for an employee, 404 for an unknown bill, 400/422 for a bad reason or a
 *   bill that cannot be cancelled.
 */
export function cancelBill(billId: number, reason: string): Promise<BillDetail> {
  return callApi(billsEndpoints.cancelBill, { params: { billId }, body: { reason } });
}

/** The Cancel bill dialog's Confirm: stores the answered bill and refreshes the lists. */
export function useCancelBill(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ billId, reason }: { billId: number; reason: string }) =>
      cancelBill(billId, reason),
    onSuccess: (bill) => billsChanged(queryClient, customerId, bill),
  });
}
