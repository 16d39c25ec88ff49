import type { Payment } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as billsEndpoints from '../endpoints/bills';
import { billKeys, billsChanged } from './bill-keys';

/**
 * Marks a cheque bounced (`billsApi.bouncePayment`, admin only) with a reason of 5-500
 * characters: each bill it paid owes its part again (docs/back-office-bills.md "Payments").
 * @returns the payment, status 'bounced'.
 * @throws ApiError 403 for an employee; 422 PAYMENT_NOT_CHEQUE / PAYMENT_BOUNCED /
 *   BILL_CANCELLED.
 */
export function bouncePayment(paymentId: number, reason: string): Promise<Payment> {
  return callApi(billsEndpoints.bouncePayment, { params: { paymentId }, body: { reason } });
}

/** The Bounced cheque dialog's Confirm: every bill the cheque paid, and the lists, go stale. */
export function useBouncePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, reason }: { paymentId: number; reason: string }) =>
      bouncePayment(paymentId, reason),
    onSuccess: (payment) => {
      for (const part of payment.allocations) {
        void queryClient.invalidateQueries({ queryKey: billKeys.detail(part.billId) });
      }
      billsChanged(queryClient, payment.customerId);
    },
  });
}
