import type { Order } from '@bazaar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { orderKeys } from './order-keys';

/**
 * `GET /api/orders/{orderId}`: one of the customer's orders with its shipments.
 * @throws ApiError 404 unknown or another customer's order.
 */
export function getOrder(orderId: number, signal?: AbortSignal): Promise<Order> {
  return apiFetch<Order>(`/api/orders/${orderId}`, { signal });
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
