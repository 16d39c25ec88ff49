import type { OrderPage } from '@bazaar/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as ordersEndpoints from '../endpoints/orders';
import { orderKeys } from './order-keys';

/**
 * The customer's orders (`ordersApi.listOrders`), newest first, 10 a page, those still
 * waiting for an online payment included (status `payment_pending`).
 */
export function getOrders(page: number, signal?: AbortSignal): Promise<OrderPage> {
  return callApi(ordersEndpoints.listOrders, { query: { page }, signal });
}

/** One page of My Orders (1-based). */
export function ordersQueryOptions(page: number) {
  return queryOptions({
    queryKey: orderKeys.list(page),
    queryFn: ({ signal }) => getOrders(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** A page of the customer's orders; the previous page stays shown while the next loads. */
export function useOrders(page: number) {
  return useQuery(ordersQueryOptions(page));
}
