import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the back office's customers and customer requests:
 * list pages per search, one customer, the home tiles, request pages.
 */
export const customerKeys = {
  all: ['customers'] as const,
  list: (search: string, page: number) => ['customers', 'list', search, page] as const,
  detail: (customerId: number) => ['customers', 'detail', customerId] as const,
  summary: ['customers', 'summary'] as const,
  requests: ['customer-requests'] as const,
  requestList: (status: string, page: number) =>
    ['customer-requests', 'list', status, page] as const,
  myRequests: (page: number) => ['customer-requests', 'mine', page] as const,
};

/** After a customer was created or changed: every customer list, detail and tile is stale. */
export function customersChanged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: customerKeys.all });
}
