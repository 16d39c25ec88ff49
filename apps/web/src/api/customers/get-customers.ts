import type { CustomerPage, CustomerSummary } from '@bazaar/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, withQuery } from '../api-client';
import { customerKeys } from './customer-keys';

/**
 * `GET /api/customers?search=&page=`: 10 a page, newest first; each word of `search` must occur
 * in name, mobile, shop name, locality, landmark or city (case-insensitive).
 */
export function getCustomers(
  search: string,
  page: number,
  signal?: AbortSignal,
): Promise<CustomerPage> {
  return apiFetch<CustomerPage>(withQuery('/api/customers', { search, page }), { signal });
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

/** `GET /api/customers/summary`: `{ totalCustomers, totalCreditPaise }` for the home tiles. */
export function getCustomerSummary(signal?: AbortSignal): Promise<CustomerSummary> {
  return apiFetch<CustomerSummary>('/api/customers/summary', { signal });
}

/** The home tiles' counts: total customers and total credit (paise). */
export function useCustomerSummary() {
  return useQuery({
    queryKey: customerKeys.summary,
    queryFn: ({ signal }) => getCustomerSummary(signal),
  });
}
