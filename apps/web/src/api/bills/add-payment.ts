import type { AddPaymentInput, BillDetail } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as billsEndpoints from '../endpoints/bills';
import { billsChanged } from './bill-keys';

/**
 * Records a part payment (`billsApi.addBillPayment`): the amount received now (paise, 1..dues)
 * with its mode and the mode's details (UTR; cheque number, bank and date), and its receipt.
 * @throws ApiError 400 with `fields` for a bad mode detail; 422 when it would take received
 *   above the total including GST, or the bill is closed.
 */
export function addPayment({
  billId,
  ...body
}: AddPaymentInput & { billId: number }): Promise<BillDetail> {
  return callApi(billsEndpoints.addBillPayment, { params: { billId }, body });
}

/** The inline received edit's Save. */
export function useAddPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPayment,
    onSuccess: (bill) => billsChanged(queryClient, bill.customerId, bill),
  });
}
