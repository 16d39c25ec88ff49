import type { ShopCustomerPage } from '@bazaar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as fulfilmentEndpoints from '../endpoints/fulfilment';
import { shopOrderKeys } from './shop-order-keys';

/** Customers who bought from the seller's shop (`fulfilmentApi.listShopCustomers`). */
export function getShopCustomers(
  search: string,
  page: number,
  signal?: AbortSignal,
): Promise<ShopCustomerPage> {
  return callApi(fulfilmentEndpoints.listShopCustomers, { query: { search, page }, signal });
}

/** One page of Total customers; the previous page stays shown while the next loads. */
export function useShopCustomers(search: string, page: number) {
  return useQuery({
    queryKey: shopOrderKeys.customers(search, page),
    queryFn: ({ signal }) => getShopCustomers(search, page, signal),
    placeholderData: keepPreviousData,
  });
}
