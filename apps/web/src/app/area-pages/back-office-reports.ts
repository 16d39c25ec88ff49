import { lazyAreaPage, type AreaPageEntry } from './types';

/**
 * The back office's dashboard and reports (issue 7 items 3 and 6; docs/back-office-reports.md):
 * the admin home with its six charts and Total transaction. Each is a lazy chunk, so the chart
 * library never reaches the storefront.
 */
export const PAGES: AreaPageEntry[] = [
  {
    path: '/adminHome',
    roles: ['admin'],
    Page: lazyAreaPage(
      () => import('../../areas/back-office/reports/admin-home-page'),
      'AdminHomePage',
    ),
  },
  {
    path: '/totalTransaction',
    roles: ['admin'],
    Page: lazyAreaPage(
      () => import('../../areas/back-office/reports/total-transaction-page'),
      'TotalTransactionPage',
    ),
  },
];
