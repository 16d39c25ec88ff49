import type { CustomerPage, CustomerSummary } from '@bazaar/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as customersEndpoints from '../endpoints/customers';
import { customerKeys } from './customer-keys';

/**
 * `customersApi.listCustomers`: 10 a page, newest first; each word of `search` must occur
 * in name, mobile, shop name, locality, landmark or city (case-insensitive).
 */
export function getCustomers(
  search: string,
  page: number,
  signal?: AbortSignal,
): Promise<CustomerPage> {
  return callApi(customersEndpoints.listCustomers, { query: { search, page }, signal });
}

/** Query options of one page of the customer list. */
export function customersQueryOptions(search: string, page: number) {
  return queryOptions({
    queryKey: customerKeys.list(search, page),
    queryFn: ({ signal }) => getCustomers(search, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** A page of customers; the previous page stays shown while the next loads. */
export function useCustomers(search: string, page: number) {
  return useQuery(customersQueryOptions(search, page));
}

/** `customersApi.getCustomerSummary`: `{ totalCustomers, totalCreditPaise }` for the home tiles. */
export function getCustomerSummary(signal?: AbortSignal): Promise<CustomerSummary> {
  return callApi(customersEndpoints.getCustomerSummary, { signal });
}

/** The home tiles' counts: total customers and total credit (paise). */
export function useCustomerSummary() {
  return useQuery({
    queryKey: customerKeys.summary,
    queryFn: ({ signal }) => getCustomerSummary(signal),
  });
}
