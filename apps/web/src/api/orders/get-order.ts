import type { Order } from '@bazaar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as ordersEndpoints from '../endpoints/orders';
import { orderKeys } from './order-keys';

/**
 * One of the customer's orders with its shipments (`ordersApi.getOrder`).
 * @throws ApiError 404 unknown or another customer's order.
 */
export function getOrder(orderId: number, signal?: AbortSignal): Promise<Order> {
  return callApi(ordersEndpoints.getOrder, { params: { orderId }, signal });
}

/** The order query (a 404 is not retried: the query client retries no 4xx). */
export function orderQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
  });
}

/** One order; no request while `orderId` is not a number. */
export function useOrder(orderId: number | null) {
  return useQuery({ ...orderQueryOptions(orderId ?? 0), enabled: orderId !== null });
}
