import type { BillDetail, CreateBillInput } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as billsEndpoints from '../endpoints/bills';
import { billsChanged } from './bill-keys';

/**
 * Add New Purchase (`billsApi.createBill`): saves a purchase (lines, GST applied or not, amount
 * received now in paise); the server computes the totals and takes the pieces from stock.
 * @throws ApiError 409 OUT_OF_STOCK when the stock holds fewer pieces than a line needs, 422
 *   PAYMENT_EXCEEDS_DUES when the amount received is above the total, 400 for bad input.
 */
export function createBill({
  customerId,
  input,
}: {
  customerId: number;
  input: CreateBillInput;
}): Promise<BillDetail> {
  return callApi(billsEndpoints.createBill, { params: { customerId }, body: input });
}

/** Add New Purchase: saves, then refreshes the customer's bills and the stock. */
export function useCreateBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBill,
    onSuccess: (bill) => billsChanged(queryClient, bill.customerId, bill),
  });
}
