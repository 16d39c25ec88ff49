import type { BillDetail, CreateBillInput } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { billsChanged } from './bill-keys';

/**
 * `POST /api/customers/{customerId}/bills`: saves a purchase (lines, GST applied or not, amount
 * received now in paise); the server computes the totals and takes the pieces from stock.
 * @throws ApiError 409 when the stock holds fewer pieces than a line needs, 400 for bad input.
 */
export function createBill({
  customerId,
  input,
}: {
  customerId: number;
  input: CreateBillInput;
}): Promise<BillDetail> {
  return apiFetch<BillDetail>(`/api/customers/${customerId}/bills`, {
    method: 'POST',
    body: input,
  });
}

/** Add New Purchase: saves, then refreshes the customer's bills and the stock. */
export function useCreateBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBill,
    onSuccess: (bill) => billsChanged(queryClient, bill.customerId, bill),
  });
}
