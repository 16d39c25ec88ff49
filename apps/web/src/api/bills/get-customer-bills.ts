import type { BillPage } from '@bazaar/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as billsEndpoints from '../endpoints/bills';
import { billKeys, type BillListFilter } from './bill-keys';

/**
 * `billsApi.listCustomerBills`: one page (10) of the customer's
 * bills, newest first, and `totals` (paise) over all of them for the footer and the pie.
 * @throws ApiError 404 for an unknown customer.
 */
export function getCustomerBills(
  customerId: number,
  filter: BillListFilter,
  signal?: AbortSignal,
): Promise<BillPage> {
  return callApi(billsEndpoints.listCustomerBills, {
    params: { customerId },
    query: { status: filter.status, search: filter.search.trim(), page: filter.page },
    signal,
  });
}

/** One filtered page of a customer's bills; the previous page stays shown while the next loads. */
export function customerBillsQueryOptions(customerId: number, filter: BillListFilter) {
  return queryOptions({
    queryKey: billKeys.list(customerId, filter),
    queryFn: ({ signal }) => getCustomerBills(customerId, filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** The transaction screen's bill table. */
export function useCustomerBills(customerId: number, filter: BillListFilter) {
  return useQuery(customerBillsQueryOptions(customerId, filter));
}
