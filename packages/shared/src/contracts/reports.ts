import { defineEndpoint } from './endpoint.js';
import {
  DashboardSchema,
  TransactionsQuerySchema,
  TransactionsReportSchema,
} from '../schemas/reports.js';

/**
 * Admin dashboard and total-transactions report (docs/back-office-reports.md): admins only
 * (employees, customers, sellers 403; no session 401). Money is paise; months and days are
 * Indian calendar months and days.
 */

/**
 * The admin home: `{ totalCustomers, totalCreditPaise, totalReceivedPaise, totalGstPaise,
 * months[12] }`, the last 12 months oldest first.
 */
export const getDashboard = defineEndpoint({
  method: 'GET',
  path: '/api/reports/dashboard',
  tag: 'reports',
  summary: 'Admin home: totals and the last 12 months',
  responses: { 200: DashboardSchema },
  errors: [401, 403],
});

/**
 * `?interval=7 DAY|...|3 YEAR` or `?from=YYYY-MM-DD&to=`, `&search=` (shop name contains),
 * `&page=`: one page of bills and every figure of the report for the same filter (totals, item
 * groups, quantity per month, top customers). 400 with `fields` for an unknown interval, a bad
 * date, from after to, a range over 3 years, or an interval together with dates.
 */
export const getTransactionsReport = defineEndpoint({
  method: 'GET',
  path: '/api/reports/transactions',
  tag: 'reports',
  summary: 'Total transactions: bills, totals, item groups, quantity per month, top customers',
  query: TransactionsQuerySchema,
  responses: { 200: TransactionsReportSchema },
  errors: [400, 401, 403],
});
