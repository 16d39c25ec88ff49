import type { BillDetail } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { billsChanged } from './bill-keys';

/**
 * `POST /api/bills/{billId}/close`: closes a paid bill (back-office.md section 4).
 * @throws ApiError 422 when its total is greater than received, or it is already closed.
 */
export function closeBill(billId: number): Promise<BillDetail> {
  return apiFetch<BillDetail>(`/api/bills/${billId}/close`, { method: 'POST', body: {} });
}

/** The Bill Status modal's Close bill. */
export function useCloseBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeBill,
    onSuccess: (bill) => billsChanged(queryClient, bill.customerId, bill),
  });
}
