import type { ShopCustomerPage } from '@bazaar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch, withQuery } from '../api-client';
import { shopOrderKeys } from './shop-order-keys';

/** `GET /api/shop/customers?search=&page=`: customers who bought from the seller's shop. */
export function getShopCustomers(
  search: string,
  page: number,
  signal?: AbortSignal,
): Promise<ShopCustomerPage> {
  return apiFetch<ShopCustomerPage>(withQuery('/api/shop/customers', { search, page }), { signal });
}

/** One page of Total customers; the previous page stays shown while the next loads. */
export function useShopCustomers(search: string, page: number) {
  return useQuery({
    queryKey: shopOrderKeys.customers(search, page),
    queryFn: ({ signal }) => getShopCustomers(search, page, signal),
    placeholderData: keepPreviousData,
  });
}
