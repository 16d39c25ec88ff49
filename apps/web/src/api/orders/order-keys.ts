import type { Order } from '@bazaar/shared';
import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the customer's orders: the pages of My Orders and each order. */
export const orderKeys = {
  all: ['orders'] as const,
  list: (page: number) => ['orders', 'list', page] as const,
  detail: (orderId: number) => ['orders', 'detail', orderId] as const,
};

/** Stores an order the server answered and marks the lists stale (its status may have moved). */
export function replaceOrder(queryClient: QueryClient, order: Order): void {
  queryClient.setQueryData(orderKeys.detail(order.id), order);
  void queryClient.invalidateQueries({ queryKey: [...orderKeys.all, 'list'] });
}
