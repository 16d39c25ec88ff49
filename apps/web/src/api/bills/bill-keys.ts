import type { BillDetail } from '@bazaar/shared';
import type { QueryClient } from '@tanstack/react-query';
import { customerKeys } from '../customers/customer-keys';
import { reportKeys } from '../reports/report-keys';
import { stockKeys } from '../stock/stock-keys';

/** The bill list's filter: status (Open by default), search text, 1-based page. */
export interface BillListFilter {
  status: 'open' | 'closed' | 'cancelled' | 'all';
  search: string;
  page: number;
}

/**
 * Query keys of the wholesale bills (docs/back-office-bills.md): one customer's bill pages and
 * payment history, and each bill with its lines and payments.
 */
export const billKeys = {
  all: ['bills'] as const,
  customer: (customerId: number) => ['bills', 'customer', customerId] as const,
  list: (customerId: number, filter: BillListFilter) =>
    ['bills', 'customer', customerId, 'list', filter] as const,
  payments: (customerId: number) => ['bills', 'customer', customerId, 'payments'] as const,
  detail: (billId: number) => ['bills', 'detail', billId] as const,
};

/**
 * After any change to a customer's bills: stores the answered bill (when there is one) and marks
 * that customer's lists, totals and payment history stale. Stock changed too (a sale or a
 * delete), and so did the customers' dues and the reports: those are marked stale as well.
 */
export function billsChanged(
  queryClient: QueryClient,
  customerId: number,
  bill?: BillDetail,
): void {
  if (bill) queryClient.setQueryData(billKeys.detail(bill.id), bill);
  void queryClient.invalidateQueries({ queryKey: billKeys.customer(customerId) });
  void queryClient.invalidateQueries({ queryKey: stockKeys.all });
  void queryClient.invalidateQueries({ queryKey: customerKeys.all });
  void queryClient.invalidateQueries({ queryKey: reportKeys.all });
}
