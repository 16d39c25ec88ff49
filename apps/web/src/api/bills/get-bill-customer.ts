import type { WholesaleCustomer } from '@bazaar/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { customerKeys } from '../customers/customer-keys';
import * as customersEndpoints from '../endpoints/customers';

/**
 * `customersApi.getCustomer` (the customers module): the customer whose bills the
 * transaction screen shows; its header reads name, shop, mobile, locality, landmark, city.
 * @throws ApiError 404 for an unknown customer.
 */
export function getBillCustomer(
  customerId: number,
  signal?: AbortSignal,
): Promise<WholesaleCustomer> {
  return callApi(customersEndpoints.getCustomer, { params: { customerId }, signal });
}

/** The header's customer, under the customers module's key (its edits refresh it). */
export function useBillCustomer(customerId: number) {
  return useQuery({
    queryKey: customerKeys.detail(customerId),
    queryFn: ({ signal }) => getBillCustomer(customerId, signal),
  });
}
