import type { Payment, TakePaymentInput } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as billsEndpoints from '../endpoints/bills';
import { billsChanged } from './bill-keys';

/**
 * Takes a payment on a customer's account (`billsApi.takeCustomerPayment`): amount (paise), mode
 * and details, shared over the open bills oldest first or over chosen bills with an amount each
 * (docs/back-office-bills.md "Payments").
 * @returns the payment with its receipt number and the bills it paid.
 * @throws ApiError 400 with `fields`; 422 PAYMENT_EXCEEDS_DUES / BILL_NOT_OPEN.
 */
export function takePayment(customerId: number, input: TakePaymentInput): Promise<Payment> {
  return callApi(billsEndpoints.takeCustomerPayment, { params: { customerId }, body: input });
}

/** The Take payment dialog's Save: the customer's bills, dues and reports go stale. */
export function useTakePayment(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TakePaymentInput) => takePayment(customerId, input),
    onSuccess: () => billsChanged(queryClient, customerId),
  });
}
