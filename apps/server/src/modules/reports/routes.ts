import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DashboardSchema,
  ErrorBodySchema,
  TransactionsQuerySchema,
  TransactionsReportSchema,
} from '@bazaar/shared';
import type { ReportsService } from './reports.service.js';

const adminOnly = { access: ['admin'] as const };
const guarded = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/**
 * Admin dashboard and total-transactions report (issue 7 items 3 and 6;
 * docs/back-office-reports.md): admins only (employees, customers, sellers 403; no session 401).
 * Money is paise; months and days are Indian calendar months and days.
 */
export const reportsRoutes =
  (reports: ReportsService): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * `GET /api/reports/dashboard`: `Dashboard` `{ totalCustomers, totalCreditPaise,
     * totalReceivedPaise, totalGstPaise, months[12] }` (the spec's /totalCustomer call).
     */
    app.get(
      '/api/reports/dashboard',
      {
        config: adminOnly,
        schema: {
          tags: ['reports'],
          summary: 'Admin home: totals and the last 12 months',
          response: { 200: DashboardSchema, ...guarded },
        },
      },
      async () => reports.dashboard(),
    );

    /**
     * `GET /api/reports/transactions?interval=7 DAY|...|3 YEAR` or `?from=YYYY-MM-DD&to=`,
     * `&search=` (shop name contains), `&page=`: `TransactionsReport` (the spec's
     * /totalTransactions, /totalTransactionsBetweenTwoDates, /getItemListReport and
     * /getTotalReportOfCustomer in one answer). 400 with `fields` for an unknown interval, a bad
     * date, from after to, a range over 3 years, or an interval together with dates.
     */
    app.get(
      '/api/reports/transactions',
      {
        config: adminOnly,
        schema: {
          tags: ['reports'],
          summary:
            'Total transactions: bills, totals, item groups, quantity per month, top customers',
          querystring: TransactionsQuerySchema,
          response: { 200: TransactionsReportSchema, 400: ErrorBodySchema, ...guarded },
        },
      },
      async (request) => reports.transactions(request.query),
    );
  };
