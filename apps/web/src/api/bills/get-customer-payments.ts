import type { CustomerPayments } from '@bazaar/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as billsEndpoints from '../endpoints/bills';
import { billKeys } from './bill-keys';

/**
 * `billsApi.listCustomerPayments`: every payment of every bill of the customer,
 * oldest first, and their sum (paise).
 * @throws ApiError 404 for an unknown customer.
 */
export function getCustomerPayments(
  customerId: number,
  signal?: AbortSignal,
): Promise<CustomerPayments> {
  return callApi(billsEndpoints.listCustomerPayments, { params: { customerId }, signal });
}

/** The all-payments history; fetched only while `enabled` (the modal is open). */
export function useCustomerPayments(customerId: number, enabled: boolean) {
  return useQuery({
    queryKey: billKeys.payments(customerId),
    queryFn: ({ signal }) => getCustomerPayments(customerId, signal),
    enabled,
  });
}
