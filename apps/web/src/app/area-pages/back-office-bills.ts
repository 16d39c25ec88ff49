import { lazyAreaPage, type AreaPageEntry } from './types';

const transactionPage = () => import('../../areas/back-office/bills/transaction-page');

/**
 * Bills and stock (issue 7 items 2 and 4): the transaction screen of one customer for the admin
 * and the employee (the bare paths open the customer list), and Product Stock (admin).
 */
export const PAGES: AreaPageEntry[] = [
  {
    path: '/TransactionDetails/:customerId',
    roles: ['admin'],
    Page: lazyAreaPage(transactionPage, 'AdminTransactionPage'),
  },
  {
    path: '/TransactionDetails',
    roles: ['admin'],
    Page: lazyAreaPage(transactionPage, 'AdminTransactionIndex'),
  },
  {
    path: '/employeeTransaction/:customerId',
    roles: ['employee'],
    Page: lazyAreaPage(transactionPage, 'EmployeeTransactionPage'),
  },
  {
    path: '/employeeTransaction',
    roles: ['employee'],
    Page: lazyAreaPage(transactionPage, 'EmployeeTransactionIndex'),
  },
  {
    path: '/ProductStock',
    roles: ['admin'],
    Page: lazyAreaPage(
      () => import('../../areas/back-office/stock/product-stock-page'),
      'ProductStockPage',
    ),
  },
];
