import type { BillDeleted } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as billsEndpoints from '../endpoints/bills';
import { billKeys, billsChanged } from './bill-keys';

/**
 * Deletes a purchase (`billsApi.deleteBill`, admin only): removes the bill and its payments and puts its
 * pieces back in stock, in one transaction.
 * @throws ApiError 403 for an employee, 404 for an unknown bill.
 */
export function deleteBill(billId: number): Promise<BillDeleted> {
  return callApi(billsEndpoints.deleteBill, { params: { billId } });
}

/** The Delete Confirmation's Submit. */
export function useDeleteBill(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBill,
    onSuccess: (deleted) => {
      queryClient.removeQueries({ queryKey: billKeys.detail(deleted.id) });
      billsChanged(queryClient, customerId);
    },
  });
}
