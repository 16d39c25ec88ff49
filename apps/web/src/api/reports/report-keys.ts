/** Query keys of the admin reports: the dashboard and each filter of the transactions report. */
export const reportKeys = {
  all: ['reports'] as const,
  dashboard: () => ['reports', 'dashboard'] as const,
  transactions: (filter: TransactionsFilter) => ['reports', 'transactions', filter] as const,
};

/**
 * What the total-transactions screen asks for: an interval of TRANSACTION_INTERVALS or a custom
 * `from`..`to` (YYYY-MM-DD), a part of the shop name, and the page (1-based).
 */
export interface TransactionsFilter {
  interval?: string;
  from?: string;
  to?: string;
  search: string;
  page: number;
}
