import type { BillDetail } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as billsEndpoints from '../endpoints/bills';
import { billsChanged } from './bill-keys';

/**
 * Closes a paid bill (`billsApi.closeBill`; docs/back-office-bills.md).
 * @throws ApiError 422 when its total is greater than received, or it is already closed.
 */
export function closeBill(billId: number): Promise<BillDetail> {
  return callApi(billsEndpoints.closeBill, { params: { billId } });
}

/** The Bill Status modal's Close bill. */
export function useCloseBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeBill,
    onSuccess: (bill) => billsChanged(queryClient, bill.customerId, bill),
  });
}
